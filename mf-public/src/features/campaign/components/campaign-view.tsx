/**
 * The public campaign page (spec section 2 "Public campaign page"): banner, price, draw date, organiser, modality,
 * prizes, rules, trust section, sales progress, quantity selector with quick-add steps (and the sticky bottom bar on
 * phones), share dialog, organiser WhatsApp, 'Participar Agora' and the link to "Meus números".
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { RESERVATION_QUANTITY_MAX } from '@rifaria/shared/constants';
import { formatBRL } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import type { PublicCampaign } from '@rifaria/shared/types';
import { ShieldIcon, TicketIcon, useBackToClose } from '@rifaria/shared/ui';
import { EventIcon, LockIcon, PixIcon, ShareIcon, ShuffleIcon, TrophyIcon, WhatsAppIcon } from '../../lib/icons';
import { useRememberCampaign } from '../../lib/last-campaign';
import { ticketCount } from '../../lib/tickets';
import { sanitizeRulesHtml } from '../../lib/rules-html';
import { useIsMobile } from '../../lib/use-is-mobile';
import { whatsappChatLink } from '../../lib/whatsapp';
import { ReservationModal } from '../reservation/reservation-modal';
import { QuantitySelector, clampQuantity } from './quantity-selector';
import { ShareDialog } from './share-dialog';
import { formatReais, reaisToCents } from '@rifaria/shared/money';

export const CAMPAIGN_TEXTS = {
  perTicket: 'por número',
  drawDate: 'Sorteio',
  awaitingDate: 'Aguardando data',
  organizer: 'Organizador',
  modality: 'Modalidade',
  sold: 'vendido',
  progressLabel: 'Números vendidos',
  chooseTitle: 'Escolha quantos números quer',
  total: 'Total',
  participate: 'Participar Agora',
  drawnByServer: 'Os números são sorteados aleatoriamente pelo sistema no momento da reserva.',
  prizes: 'Prêmios',
  rules: 'Regulamento',
  defaultRules:
    'Participação permitida somente para maiores de 18 anos residentes no Brasil. Ao reservar números você declara atender a essas condições.',
  trust: 'Compra segura',
  share: 'Compartilhar',
  contactOrganizer: 'Falar com o organizador',
  myTickets: 'Meus números',
  myTicketsHint: 'Já comprou?',
  stickyAddOne: '+1 número',
  stickyAddTen: '+10 números',
  bannerPlaceholder: 'Campanha sem imagem',
} as const;

const TRUST_ITEMS = [
  {
    icon: PixIcon,
    title: 'Pagamento via Pix',
    text: 'Pague em segundos pelo app do seu banco. A confirmação é automática.',
  },
  {
    icon: ShuffleIcon,
    title: 'Números aleatórios e exclusivos',
    text: 'O sistema sorteia seus números na hora da reserva. Nenhum número é vendido duas vezes.',
  },
  {
    icon: LockIcon,
    title: 'Seus dados protegidos',
    text: 'CPF, telefone e e-mail não aparecem para outras pessoas.',
  },
] as const;

function percentText(value: number): string {
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}

/** Why 'Participar Agora' is disabled, or null when it is enabled. */
export function participateBlocker(campaign: PublicCampaign, quantity: number): string | null {
  if (!campaign.accepting_purchases) {
    return campaign.stats.tickets_available === 0
      ? BUYER_MESSAGES.notEnoughTickets(0)
      : BUYER_MESSAGES.campaignUnavailable;
  }
  if (quantity <= 0) return BUYER_MESSAGES.quantityMin;
  return null;
}

export function CampaignView({ campaign }: { campaign: PublicCampaign }) {
  const mobile = useIsMobile();
  const [quantity, setQuantity] = useState(0);
  const [shareOpen, setShareOpen] = useState(false);
  const [reservation, setReservation] = useState(0);
  const [reservationOpen, setReservationOpen] = useState(false);

  const title = campaign.title || campaign.name;
  useRememberCampaign(campaign.link, title);
  // The phone's Back button closes an open dialog and keeps the page as it was (quantity, what was typed).
  useBackToClose(reservationOpen, () => setReservationOpen(false));
  useBackToClose(shareOpen, () => setShareOpen(false));
  const priceCents = reaisToCents(campaign.ticket_price);
  const price = formatBRL(priceCents);
  const max = useMemo(
    () =>
      Math.max(
        0,
        Math.min(
          RESERVATION_QUANTITY_MAX,
          campaign.max_tickets_per_purchase || RESERVATION_QUANTITY_MAX,
          campaign.stats.tickets_available,
        ),
      ),
    [campaign.max_tickets_per_purchase, campaign.stats.tickets_available],
  );
  const buyable = campaign.accepting_purchases && max > 0;
  const blocker = participateBlocker(campaign, quantity);
  const total = formatBRL(quantity * priceCents);
  const contactLink = whatsappChatLink(
    campaign.organizer.whatsapp,
    `Olá! Tenho uma dúvida sobre a campanha "${title}".`,
  );
  const rulesHtml = useMemo(() => sanitizeRulesHtml(campaign.rules ?? ''), [campaign.rules]);
  const shareUrl = campaign.full_url || (typeof window !== 'undefined' ? window.location.href : '');

  const openReservation = () => {
    setReservation((n) => n + 1);
    setReservationOpen(true);
  };

  const participate = (
    <Stack spacing={0.75} sx={{ width: '100%' }}>
      <Button
        variant="contained"
        color="success"
        size="large"
        fullWidth
        disabled={blocker !== null}
        onClick={openReservation}
        aria-describedby={blocker ? 'participate-blocker' : undefined}
        sx={{ py: 1.25, fontWeight: 800, fontSize: '1.05rem' }}
      >
        {CAMPAIGN_TEXTS.participate}
      </Button>
      {blocker ? (
        <Typography id="participate-blocker" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {blocker}
        </Typography>
      ) : null}
    </Stack>
  );

  return (
    <Box sx={{ bgcolor: 'grey.50', minHeight: '100vh', pb: mobile ? 20 : 6 }}>
      <Box
        sx={{
          maxWidth: 1100,
          mx: 'auto',
          px: { xs: 0, md: 3 },
          pt: { xs: 0, md: 3 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' },
          gap: { xs: 2, md: 3 },
          alignItems: 'start',
        }}
      >
        {/* useFlexGap: Stack's margin-based spacing would reset the sections' side margins (edge to edge on phones). */}
        <Stack spacing={2} useFlexGap sx={{ minWidth: 0 }}>
          <Banner url={campaign.banner_image} title={title} />

          <Stack spacing={1.5} sx={{ px: { xs: 2, md: 0 } }}>
            <Typography
              variant="h4"
              component="h1"
              // A long name without spaces must wrap, not widen the page past the phone's screen.
              sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' }, overflowWrap: 'anywhere' }}
            >
              {title}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip
                color="success"
                icon={<TicketIcon />}
                label={`${price} ${CAMPAIGN_TEXTS.perTicket}`}
                sx={{ fontWeight: 800, fontSize: '0.95rem' }}
              />
              <Chip variant="outlined" label={campaign.status.description} size="small" />
            </Stack>

            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
                gap: 1,
                '& > div': { p: 1.5, bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider' },
                '& dt': { color: 'text.secondary', fontSize: '0.8rem' },
                '& dd': { m: 0, fontWeight: 700, overflowWrap: 'anywhere' },
              }}
            >
              <div>
                <dt>{CAMPAIGN_TEXTS.drawDate}</dt>
                <dd>
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                    <EventIcon fontSize="small" color="action" aria-hidden="true" />
                    <span>{campaign.draw_date_formatted ?? CAMPAIGN_TEXTS.awaitingDate}</span>
                  </Stack>
                </dd>
              </div>
              <div>
                <dt>{CAMPAIGN_TEXTS.organizer}</dt>
                <dd>{campaign.organizer.name}</dd>
              </div>
              <div>
                <dt>{CAMPAIGN_TEXTS.modality}</dt>
                <dd>{campaign.draw_type.description}</dd>
              </div>
            </Box>

            <Box>
              <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {`${percentText(campaign.stats.sales_percentage)} ${CAMPAIGN_TEXTS.sold}`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${ticketCount(campaign.stats.tickets_available)} disponíveis`}
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, Math.max(0, campaign.stats.sales_percentage))}
                aria-label={CAMPAIGN_TEXTS.progressLabel}
                color="success"
                sx={{ height: 10, borderRadius: 5 }}
              />
            </Box>

            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => setShareOpen(true)}>
                {CAMPAIGN_TEXTS.share}
              </Button>
              {contactLink ? (
                <Button
                  variant="outlined"
                  color="success"
                  startIcon={<WhatsAppIcon />}
                  href={contactLink}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {CAMPAIGN_TEXTS.contactOrganizer}
                </Button>
              ) : null}
            </Stack>
          </Stack>

          {mobile ? (
            <Box sx={{ px: 2 }}>
              <QuantityCard
                quantity={quantity}
                setQuantity={setQuantity}
                max={max}
                mobile
                buyable={buyable}
                total={total}
                link={campaign.link}
              />
            </Box>
          ) : null}

          <Section title={CAMPAIGN_TEXTS.prizes} icon={<TrophyIcon color="warning" aria-hidden="true" />}>
            {campaign.awards.length ? (
              <Stack component="ol" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {[...campaign.awards]
                  .sort((a, b) => a.position - b.position)
                  .map((award, index) => (
                    <Box
                      component="li"
                      key={award.id}
                      sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', justifyContent: 'space-between' }}
                    >
                      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        <Typography component="span" sx={{ fontWeight: 800, mr: 1 }}>
                          {`${award.position || index + 1}º prêmio`}
                        </Typography>
                        <Typography component="span">{award.description}</Typography>
                      </Box>
                      {award.value ? (
                        <Typography component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                          {formatReais(award.value)}
                        </Typography>
                      ) : null}
                    </Box>
                  ))}
              </Stack>
            ) : (
              <Typography color="text.secondary">Prêmios a definir pelo organizador.</Typography>
            )}
          </Section>

          <Section title={CAMPAIGN_TEXTS.rules}>
            {rulesHtml ? (
              <Box
                sx={{ '& p': { mt: 0, mb: 1 }, overflowWrap: 'anywhere' }}
                // Sanitised on the server and again by sanitizeRulesHtml (only b, strong, i, em, u, br, p).
                dangerouslySetInnerHTML={{ __html: rulesHtml }}
              />
            ) : (
              <Typography>{CAMPAIGN_TEXTS.defaultRules}</Typography>
            )}
          </Section>

          <Section title={CAMPAIGN_TEXTS.trust} icon={<ShieldIcon color="success" aria-hidden="true" />}>
            <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {TRUST_ITEMS.map(({ icon: Icon, title: itemTitle, text }) => (
                <Stack component="li" key={itemTitle} direction="row" spacing={1.5}>
                  <Icon color="success" aria-hidden="true" />
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>{itemTitle}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {text}
                    </Typography>
                  </Box>
                </Stack>
              ))}
            </Stack>
          </Section>
        </Stack>

        {!mobile ? (
          <Box sx={{ position: 'sticky', top: 24 }}>
            <QuantityCard
              quantity={quantity}
              setQuantity={setQuantity}
              max={max}
              mobile={false}
              buyable={buyable}
              total={total}
              link={campaign.link}
              action={participate}
            />
          </Box>
        ) : null}
      </Box>

      {mobile ? (
        <Paper
          component="section"
          aria-label="Resumo da compra"
          elevation={8}
          square
          sx={{
            position: 'fixed',
            left: 0,
            right: 0,
            bottom: 0,
            zIndex: (theme) => theme.zIndex.appBar,
            px: 2,
            pt: 1.5,
            pb: 'calc(12px + env(safe-area-inset-bottom))',
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Button
              variant="outlined"
              size="small"
              aria-label={CAMPAIGN_TEXTS.stickyAddOne}
              disabled={!buyable || quantity >= max}
              onClick={() => setQuantity((q) => clampQuantity(q + 1, max))}
              sx={{ minWidth: 52, fontWeight: 700 }}
            >
              +1
            </Button>
            <Button
              variant="outlined"
              size="small"
              aria-label={CAMPAIGN_TEXTS.stickyAddTen}
              disabled={!buyable || quantity >= max}
              onClick={() => setQuantity((q) => clampQuantity(q + 10, max))}
              sx={{ minWidth: 52, fontWeight: 700 }}
            >
              +10
            </Button>
            <Box sx={{ flex: 1, textAlign: 'right' }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {`${CAMPAIGN_TEXTS.total} (${ticketCount(quantity)})`}
              </Typography>
              <Typography sx={{ fontWeight: 800 }} component="p">
                {total}
              </Typography>
            </Box>
          </Stack>
          {participate}
        </Paper>
      ) : null}

      <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} name={title} price={price} url={shareUrl} />
      {reservation > 0 ? (
        <ReservationModal
          key={reservation}
          open={reservationOpen}
          onClose={() => setReservationOpen(false)}
          campaign={{ title, link: campaign.link, ticket_price: campaign.ticket_price }}
          quantity={quantity}
        />
      ) : null}
    </Box>
  );
}

function Banner({ url, title }: { url: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  const frame = {
    width: '100%',
    aspectRatio: '16 / 9',
    maxHeight: 460,
    borderRadius: { xs: 0, md: 3 },
    overflow: 'hidden',
    display: 'block',
  } as const;
  if (url && !failed) {
    return (
      <Box
        component="img"
        src={url}
        alt={`Banner da campanha ${title}`}
        onError={() => setFailed(true)}
        sx={{ ...frame, objectFit: 'cover', bgcolor: 'grey.200' }}
      />
    );
  }
  return (
    <Box
      role="img"
      aria-label={CAMPAIGN_TEXTS.bannerPlaceholder}
      sx={{
        ...frame,
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #1b5e20 0%, #2e7d32 45%, #f9a825 100%)',
        color: 'common.white',
      }}
    >
      <TicketIcon sx={{ fontSize: 72, opacity: 0.9 }} />
    </Box>
  );
}

function Section({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{ p: 2, mx: { xs: 2, md: 0 }, borderRadius: 3 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        {icon}
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}

interface QuantityCardProps {
  quantity: number;
  setQuantity: (value: number) => void;
  max: number;
  mobile: boolean;
  buyable: boolean;
  total: string;
  link: string;
  action?: ReactNode;
}

function QuantityCard({ quantity, setQuantity, max, mobile, buyable, total, link, action }: QuantityCardProps) {
  return (
    <Paper
      component="section"
      aria-label={CAMPAIGN_TEXTS.chooseTitle}
      variant="outlined"
      sx={{ p: 2, borderRadius: 3 }}
    >
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {CAMPAIGN_TEXTS.chooseTitle}
        </Typography>
        <QuantitySelector value={quantity} onChange={setQuantity} max={max} mobile={mobile} disabled={!buyable} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography color="text.secondary">{`${CAMPAIGN_TEXTS.total} (${ticketCount(quantity)})`}</Typography>
          <Typography sx={{ fontWeight: 800, fontSize: '1.35rem' }}>{total}</Typography>
        </Stack>
        {action}
        <Typography variant="body2" color="text.secondary">
          {CAMPAIGN_TEXTS.drawnByServer}
        </Typography>
        <Typography variant="body2">
          {`${CAMPAIGN_TEXTS.myTicketsHint} `}
          <Link component={RouterLink} to={paths.myTickets.getHref(link)} sx={{ fontWeight: 700 }}>
            {CAMPAIGN_TEXTS.myTickets}
          </Link>
        </Typography>
      </Stack>
    </Paper>
  );
}
