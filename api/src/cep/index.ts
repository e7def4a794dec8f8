export { CEP_MESSAGES } from './messages';
export {
  CepService,
  CepUnavailableError,
  normalizeCep,
  FOUND_TTL_MS,
  NOT_FOUND_TTL_MS,
  type CepLookup,
} from './service';
export { BrasilApiProvider, ViaCepProvider, type CepAddress, type CepProvider, type ProviderAnswer } from './providers';
