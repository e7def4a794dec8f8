export { BacenPixProvider, type BacenPixProviderOptions } from './bacen-provider';
export { BacenHttpClient, resolveBacenConfig, type ResolvedBacenConfig } from './client';
export { isWebhookRegistrationTest, parsePixWebhookBody, type PixWebhookBody } from './webhook';
