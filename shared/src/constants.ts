/**
 * Business constants and limits (spec section 9), plus the few fixed identifiers the spec names elsewhere.
 * Plain values only: the API imports this file too.
 */
export { NAME_MIN_LENGTH, LOGIN_PASSWORD_MIN_LENGTH, REGISTER_PASSWORD_MIN_LENGTH } from './schemas/auth';

export const PRODUCT_NAME = 'Rifaria';

/** The button beside every load error (spec: every load error offers a retry): RetryAlert, and the buyer page's boot. */
export const RETRY_LABEL = 'Tentar novamente';

// Locale ---------------------------------------------------------------------------------------------------------
export const LOCALE = 'pt-BR';
export const CURRENCY = 'BRL';
export const TIME_ZONE = 'America/Sao_Paulo';

// Requests, forms, redirects -------------------------------------------------------------------------------------
export const REQUEST_TIMEOUT_MS = 60_000;
/** Field errors are re-checked this long after the user stops typing. */
export const VALIDATION_DELAY_MS = 300;
/** 'Conta criada com sucesso!' stays on screen this long before /dashboard. */
export const REGISTER_REDIRECT_MS = 2_000;
/** Digital account opening: success screen before returning to /carteiras. */
export const ACCOUNT_SUCCESS_REDIRECT_MS = 3_000;
export const PASSWORD_CHANGE_MIN_LENGTH = 6;
/** Password strength = percentage of registration rules met: below WEAK_BELOW 'Fraca', below MEDIUM_BELOW 'Média', else 'Forte'. */
export const PASSWORD_STRENGTH_THRESHOLDS = { weakBelow: 50, mediumBelow: 75 } as const;
export const PASSWORD_STRENGTH_LABELS = { weak: 'Fraca', medium: 'Média', strong: 'Forte' } as const;

// Toasts and transient confirmations -----------------------------------------------------------------------------
/** Toast auto-hide per screen: 5 s on lists and profile, 4 s on the edit screen and sales. */
export const TOAST_DURATION = { list: 5_000, profile: 5_000, edit: 4_000, sales: 4_000 } as const;
export const DEFAULT_TOAST_DURATION_MS = TOAST_DURATION.list;
/** 'Copiado!' feedback after copying a link or Pix code. */
export const COPY_CONFIRMATION_MS = 2_000;

// Campaigns ------------------------------------------------------------------------------------------------------
export const CAMPAIGN_WIZARD_STEPS = 4;
export const TICKET_QUANTITY_MAX = 10_000_000;
export const MONEY_DECIMAL_PLACES = 2;
/** Above this many tickets publishing ends in the 'processing' state (tickets generated in the background). */
export const BACKGROUND_PROCESSING_TICKET_THRESHOLD = 10_000;
export const PUBLISH_PROGRESS_TICK_MS = 300;
export const PUBLISH_PROGRESS_STEP_MIN = 5;
export const PUBLISH_PROGRESS_STEP_MAX = 20;
/** Delay between 'completed' and 'success'/'processing' in the publish modal. */
export const PUBLISH_RESULT_DELAY_MS = 2_500;
/** The publish modal closes itself this long after an 'already published' 422. */
export const ALREADY_PUBLISHED_CLOSE_MS = 2_000;
/** Campaign status ids (campaign_statuses): the one source for the API and the front ends; names in types.ts CAMPAIGN_STATUS. */
export const CAMPAIGN_STATUS_ID = { draft: 1, published: 2, cancelled: 3, finished: 4, suspended: 5 } as const;
/** The sales table's sortable columns (GET /api/campaigns/{id}/sales `sort_by`). */
export const SALES_SORT_COLUMNS = ['purchased_at', 'total_value', 'total_tickets', 'buyer_name', 'status'] as const;
/** campaign_draw_types (007): 'Loteria Federal' and 'Sorteio Rifaria'. */
export const DRAW_TYPE_ID = { federal: 1, rifaria: 2 } as const;
/** The draw method ('Loteria Federal' or 'Sorteio Rifaria') of a campaign's draw type id. */
export const drawMethodOf = (drawTypeId: number): 'rifaria' | 'federal' =>
  drawTypeId === DRAW_TYPE_ID.federal ? 'federal' : 'rifaria';
export const CAMPAIGN_CANCEL_REASON = 'Cancelada pelo usuário';
/** A campaign without its own link is reached at /p/campanha-{id}. */
export const CAMPAIGN_LINK_FALLBACK_PREFIX = 'campanha-';
export const DRAFT_CARD_MAX_PRIZES = 2;
export const PANEL_SALES_CHART_DAYS = 14;
/** Default draw date: next Saturday at 20:00 (a week later if it is already Saturday 20:00 or later). */
export const DEFAULT_DRAW_WEEKDAY = 6;
export const DEFAULT_DRAW_HOUR = 20;

// Files ----------------------------------------------------------------------------------------------------------
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
/**
 * How wide the public page draws the banner (`sizes`): the whole phone screen, and the left column (1100 − 380 − gaps
 * ≈ 720 px) from the desktop layout on. The page's `<picture>` and the API's preload of it use this one value, so the
 * phone fetches the same file once.
 */
export const BANNER_IMAGE_SIZES = '(min-width: 900px) 720px, 100vw';
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

// Sales list -----------------------------------------------------------------------------------------------------
export const SALES_PAGE_SIZES = [10, 20, 50, 100] as const;
export const SALES_DEFAULT_PAGE_SIZE = 10;
export const SALES_DEFAULT_SORT = { sort_by: 'purchased_at', sort_order: 'desc' } as const;
/** The sales table shows a sale's first numbers (ascending) and '+N' for the rest, opened on demand (issue 30). */
export const SALE_NUMBERS_PREVIEW = 5;
/** Pagination shows first, last and the pages within this distance of the current one, with ellipses. */
export const PAGINATION_SIBLINGS = 2;

// Wallet ---------------------------------------------------------------------------------------------------------
export const MIN_DEPOSIT_CENTS = 500;
export const DEPOSIT_DESCRIPTION_MAX_LENGTH = 255;
export const PIX_DEPOSIT_EXPIRY_MS = 48 * 60 * 60 * 1000;

// Buyer phone proof (issue 29) ------------------------------------------------------------------------------------
/** The WhatsApp code a buyer's phone proves possession with ('Trocar de telefone', "Meus números"). */
export const BUYER_CODE_LENGTH = 6;
export const BUYER_CODE_TTL_MINUTES = 10;
export const BUYER_CODE_MAX_ATTEMPTS = 5;
/** A phone change can be undone from the old phone this long. */
export const PHONE_CHANGE_UNDO_DAYS = 7;

// E-mail verification --------------------------------------------------------------------------------------------
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_RESEND_SECONDS = 30;
export const EMAIL_CODE_VERIFY_DELAY_MS = 2_000;
export const EMAIL_CODE_RESEND_DELAY_MS = 1_000;
/** The dashboard's 'Verifique seu email' modal closes itself this long after a successful send. */
export const VERIFICATION_MODAL_AUTO_CLOSE_MS = 3_000;

// Brazilian documents --------------------------------------------------------------------------------------------
export const CPF_DIGITS = 11;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 11;
/** '(00) 00000-0000' */
export const PHONE_MASK_MAX_LENGTH = 15;
export const CEP_DIGITS = 8;
export const BIRTH_YEAR_MIN = 1900;

// Public purchase ------------------------------------------------------------------------------------------------
/** A purchase reserves its numbers, and its Pix charge lives, for 10 minutes from purchased_at. */
export const PAYMENT_WINDOW_MS = 10 * 60 * 1000;
/**
 * Sales close at the draw datetime: a reservation (and its Pix) ends then at the latest, and none is taken in the
 * last 2 minutes, too short to pay in.
 */
export const SALES_CLOSE_BEFORE_DRAW_MS = 2 * 60 * 1000;
/** At or below this many seconds left the countdown turns red ('Atenção! Menos de 1 minuto restante'). */
export const PAYMENT_WARNING_SECONDS = 60;
export const PIX_PAYMENT_METHOD_ID = 1;
/** Purchase status ids (purchase_statuses): the one source for the API and the front ends; names in types.ts PURCHASE_STATUS. */
export const PURCHASE_STATUS_ID = { pending: 1, paid: 2, cancelled: 3, refunded: 4 } as const;
export const RESERVATION_QUANTITY_MIN = 0;
export const RESERVATION_QUANTITY_MAX = 1_000;

// Dashboard ------------------------------------------------------------------------------------------------------
export const DASHBOARD_PERIODS_DAYS = [7, 15, 30] as const;
export const DASHBOARD_DEFAULT_PERIOD_DAYS = 7;
export const DASHBOARD_METRICS = ['revenue', 'tickets'] as const;
export const DASHBOARD_DEFAULT_METRIC = 'revenue';
export const ONBOARDING_STEPS = 2;
export const ONBOARDING_STEP_PERCENT = 50;

// Shell ----------------------------------------------------------------------------------------------------------
export const PROFILE_MENU_MAX_HEIGHT_PX = 180;
/** Issue 30: an organiser is not a 'Cliente' (the spec's default); migration 050 moved the stored default too. */
export const DEFAULT_PROFILE_DESCRIPTION = 'Organizador';
/** localStorage key of the persisted session (the user; the credential is an HttpOnly cookie). */
export const SESSION_STORAGE_KEY = 'rifaria-session';

/** The id of the <script type="application/json"> that carries the buyer page's first-view data (FirstViewData). */
export const FIRST_VIEW_DATA_ID = 'rifaria-first-view';

/**
 * The name of the <meta> whose content lists (space-separated URLs) the buyer page app's files, which the page's boot
 * script prefetches once the page has loaded, not before: the campaign page starts its app only when the buyer
 * reaches for it, and the banner (what a phone paints last) keeps the bandwidth until then.
 */
export const PREFETCH_AFTER_LOAD_META = 'rifaria-prefetch-after-load';
/**
 * The attribute of that <meta> naming the page build's prefetch worker (mf-public/src/page/prefetch-worker.ts), which
 * downloads the files off the page's main thread.
 */
export const PREFETCH_WORKER_ATTRIBUTE = 'data-worker';

/**
 * On a 401 of a session ended by a password change (issue 30): `password_changed`. The front end then tells the
 * visitor why on the login page instead of landing there silently.
 */
export const SESSION_ENDED_HEADER = 'x-session-ended';
