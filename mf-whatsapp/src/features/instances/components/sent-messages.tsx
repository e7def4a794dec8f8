/**
 * 'Mensagens enviadas' (GET /whatsapp/messages): the automatic messages to buyers and the tests, newest first, with
 * their status. With the sandbox gateway nothing reaches a phone, so this is where a newcomer sees what was sent.
 */
import { useState } from 'react';
import { Box, Button, Card, CardContent, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import { formatDateTime } from '@rifaria/shared/format';
import { RetryAlert, useRequest } from '@rifaria/shared/ui';
import { whatsappErrorMessage } from '../api/error-message';
import { getMessages, MESSAGES_PAGE_SIZE } from '../api/get-messages';
import { MessageStatusChip } from './status-chips';

export const MESSAGES_TEXTS = {
  title: 'Mensagens enviadas',
  refresh: 'Atualizar',
  loading: 'Carregando mensagens',
  empty: 'Nenhuma mensagem enviada ainda. Os avisos automáticos aos compradores e as mensagens de teste aparecem aqui.',
  loadError: 'Erro ao carregar mensagens.',
  newer: 'Mais recentes',
  older: 'Mais antigas',
} as const;

/** `version` changes when the page knows of a new message (a test sent): the list is read again. */
export function SentMessages({ version = 0 }: { version?: number }) {
  const [page, setPage] = useState(1);
  const messages = useRequest((signal) => getMessages(page, signal), [page, version]);
  const list = messages.data;

  return (
    <Card variant="outlined" component="section" aria-labelledby="sent-messages-title" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography id="sent-messages-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {MESSAGES_TEXTS.title}
          </Typography>
          <Button variant="outlined" size="small" onClick={messages.reload} disabled={messages.status === 'loading'}>
            {MESSAGES_TEXTS.refresh}
          </Button>
        </Stack>

        {list === null && messages.status === 'loading' ? (
          <Box aria-busy="true" aria-label={MESSAGES_TEXTS.loading}>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} variant="rounded" height={64} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : messages.status === 'error' ? (
          <RetryAlert onRetry={messages.reload}>
            {whatsappErrorMessage(messages.error, MESSAGES_TEXTS.loadError)}
          </RetryAlert>
        ) : !list || list.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {MESSAGES_TEXTS.empty}
          </Typography>
        ) : (
          <List disablePadding aria-label={MESSAGES_TEXTS.title}>
            {list.map((message) => (
              <ListItem
                key={message.id}
                divider
                disableGutters
                aria-label={`${message.formatted.kind} para ${message.formatted.to_phone}`}
                sx={{ display: 'block', py: 1.5 }}
              >
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}
                >
                  <Typography sx={{ fontWeight: 600 }}>{message.formatted.to_phone}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {message.formatted.kind}
                  </Typography>
                  <MessageStatusChip status={message.status} />
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
                    {formatDateTime(message.sent_at ?? message.created_at)}
                  </Typography>
                </Stack>
                <Typography
                  variant="body2"
                  sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: 'text.secondary' }}
                >
                  {message.body_text}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}

        {list && (page > 1 || list.length >= MESSAGES_PAGE_SIZE) ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 2 }}>
            <Button size="small" disabled={page === 1} onClick={() => setPage((n) => n - 1)}>
              {MESSAGES_TEXTS.newer}
            </Button>
            <Button size="small" disabled={list.length < MESSAGES_PAGE_SIZE} onClick={() => setPage((n) => n + 1)}>
              {MESSAGES_TEXTS.older}
            </Button>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
