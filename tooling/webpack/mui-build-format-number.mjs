/**
 * Replaces @mui/material/locale/utils/buildFormatNumber in every browser build (create-config.cjs,
 * lazyLocaleNumbers): the same function, except that the Intl.NumberFormat is made on the first number formatted
 * instead of when the locale module loads. MUI's ptBR locale (the theme's) formats numbers only in TablePagination;
 * making its formatter up front cost each page a browser's first Intl call — ICU's data loaded, 50–100 ms on one task
 * before a phone could draw anything (issue 15).
 *
 * @param {string} locale
 * @returns {(value: number) => string}
 */
export default function buildFormatNumber(locale) {
  /** @type {Intl.NumberFormat | null | undefined} */
  let formatter;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      try {
        formatter = new Intl.NumberFormat(locale);
      } catch {
        formatter = null;
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
