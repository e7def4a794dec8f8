export { detectFileType, type DetectedFileType, type DetectedMime } from './file-type';
export {
  InvalidStorageKeyError,
  LocalFileStorage,
  newStorageKey,
  type FileStorage,
  type StoredFile,
} from './file-storage';
