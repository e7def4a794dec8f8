/** @rifaria/shared/ui — React pieces shared by the shell and the remotes. */
export { rifariaTheme, brandColors } from './theme';
export { AppProviders } from './app-providers';
export { toast, Toaster, useToastStore, type ToastItem, type ToastOptions } from './toast';
export { PasswordField, SHOW_PASSWORD_LABEL, HIDE_PASSWORD_LABEL, type PasswordFieldProps } from './password-field';
export { PageLoader } from './page-loader';
export { useDebouncedValidation, type DebouncedValidation } from './use-debounced-validation';
export { useBackToClose } from './use-back-to-close';
export * from './icons';
export { ComingSoon, COMING_SOON_TEXT } from './coming-soon';
export { CopyButton, COPY_LABEL, COPIED_LABEL, type CopyButtonProps } from './copy-button';
export { useCopy, writeClipboard } from './use-copy';
export { MoneyField, type MoneyFieldProps } from './money-field';
export { campaignStatusColor, purchaseStatusColor } from './status';
export { useRequest, type RequestState, type RequestStatus } from './use-request';
export { DialogTitleWithClose, CLOSE_DIALOG_LABEL } from './dialog-title-with-close';
export { RetryAlert } from './retry-alert';
export { FormDialog, DialogForm, CANCEL_LABEL, type FormDialogProps, type DialogFormProps } from './form-dialog';
export { useDocumentTitle } from './use-document-title';
