/** What a buyer reads when code the page needs could not be downloaded (lazy-page.tsx, and src/page/boot.ts). */
export const LOAD_FAILED_TEXT =
  'Não foi possível carregar esta parte da página. Verifique sua conexão e tente novamente.';
