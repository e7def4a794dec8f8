export {
  SANDBOX_WEBHOOK_SECRET_HEADER,
  SandboxPayError,
  SandboxPixProvider,
  isSandboxPixProvider,
  sandboxEndToEndId,
  type DeliverPixWebhook,
  type SandboxPayFailure,
  type SandboxPayResult,
  type SandboxPixProviderOptions,
} from './sandbox-provider';
