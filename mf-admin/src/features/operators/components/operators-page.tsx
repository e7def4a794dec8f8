/**
 * Operadores (issue 32): who operates the platform (with or without the authenticator enrolled), the invites not yet
 * accepted, and 'Convidar operador' (an e-mailed single-use link to /admin/convite).
 */
import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { formatDateTime } from '@rifaria/shared/format';
import { emailField, nameField } from '@rifaria/shared/schemas';
import { toast, useRequest } from '@rifaria/shared/ui';
import * as v from 'valibot';
import { ConsolePage } from '../../common/components/console-page';
import { DataTable } from '../../common/components/data-table';
import { TableSection } from '../../common/components/table-section';
import { Loaded } from '../../common/components/loaded';
import { SECTIONS } from '../../common/components/sections';
import { useForm } from '../../common/hooks/use-form';
import { ActionDialog } from '../../common/components/action-dialog';
import { getOperators, inviteOperator, type OperatorRow, type PendingInvite } from '../api/operators';

export const OPERATORS_TEXTS = {
  title: SECTIONS.operators.label,
  what: 'os operadores',
  table: 'Operadores',
  invites: 'Convites pendentes',
  noInvites: 'Nenhum convite pendente.',
  invite: 'Convidar operador',
  name: 'Nome',
  email: 'E-mail',
  send: 'Enviar convite',
  sent: 'Convite enviado por e-mail.',
  failed: 'Não foi possível enviar o convite.',
} as const;

const inviteSchema = v.object({ name: nameField, email: emailField });

const OPERATOR_COLUMNS = [
  { header: 'Nome', cell: (row: OperatorRow) => row.name },
  { header: 'E-mail', cell: (row: OperatorRow) => row.email },
  {
    header: 'Autenticador',
    cell: (row: OperatorRow) => (row.totp_enrolled ? 'Cadastrado' : 'Aguardando o primeiro acesso'),
  },
  { header: 'Desde', cell: (row: OperatorRow) => formatDateTime(row.created_at) },
  { header: 'Convidado por', cell: (row: OperatorRow) => row.invited_by?.name ?? '—' },
];

const INVITE_COLUMNS = [
  { header: 'Nome', cell: (row: PendingInvite) => row.name },
  { header: 'E-mail', cell: (row: PendingInvite) => row.email },
  { header: 'Enviado em', cell: (row: PendingInvite) => formatDateTime(row.created_at) },
  { header: 'Expira em', cell: (row: PendingInvite) => formatDateTime(row.expires_at) },
];

function InviteDialog(props: { open: boolean; onClose: () => void; onSent: () => void }) {
  const { onClose, onSent } = props;
  const form = useForm({ name: '', email: '' }, inviteSchema, OPERATORS_TEXTS.failed);
  const submit = () =>
    form.submit(async (input) => {
      await inviteOperator(input);
      toast.success(OPERATORS_TEXTS.sent);
      onSent();
      onClose();
    });
  const texts = OPERATORS_TEXTS;
  return (
    <ActionDialog state={props} title={texts.invite} submit={{ label: texts.send, action: form.action, run: submit }}>
      <TextField label={texts.name} {...form.bind('name')} />
      <TextField label={texts.email} type="email" {...form.bind('email')} />
    </ActionDialog>
  );
}

export default function OperatorsPage() {
  const operators = useRequest(getOperators, []);
  const [inviting, setInviting] = useState(false);
  return (
    <ConsolePage
      title={OPERATORS_TEXTS.title}
      actions={
        <Button variant="contained" onClick={() => setInviting(true)}>
          {OPERATORS_TEXTS.invite}
        </Button>
      }
    >
      <Loaded state={operators} what={OPERATORS_TEXTS.what}>
        {(data) => (
          <Stack spacing={3}>
            <DataTable
              label={OPERATORS_TEXTS.table}
              rows={data.items}
              columns={OPERATOR_COLUMNS}
              rowKey={(row) => row.id}
            />
            <TableSection
              title={OPERATORS_TEXTS.invites}
              rows={data.invites}
              columns={INVITE_COLUMNS}
              rowKey={(row) => row.id}
              empty={OPERATORS_TEXTS.noInvites}
            />
          </Stack>
        )}
      </Loaded>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} onSent={operators.reload} />
    </ConsolePage>
  );
}
