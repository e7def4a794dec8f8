export { CEP_MESSAGES } from './messages';
export {
  CepService,
  CepUnavailableError,
  normalizeCep,
  FOUND_TTL_MS,
  NOT_FOUND_TTL_MS,
  type CepLookup,
} from './service';
export {
  BRASILAPI,
  JsonCepProvider,
  VIACEP,
  type CepAddress,
  type CepApi,
  type CepProvider,
  type ProviderAnswer,
} from './providers';
