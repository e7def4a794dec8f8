/** The few icons only the wallet screens use (Material Design paths, Apache-2.0), kept out of the shared bundle. */
import { createSvgIcon } from '@mui/material';

export const ArrowForwardIcon = createSvgIcon(
  <path d="m12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z" />,
  'ArrowForward',
);
export const PixIcon = createSvgIcon(
  <path d="M5.3 5.3 9.5 9.5c.7.7 1.6 1.1 2.5 1.1s1.8-.4 2.5-1.1l4.2-4.2-1.4-1.4-4.2 4.2c-.6.6-1.6.6-2.2 0L6.7 3.9zm13.4 13.4-4.2-4.2c-.7-.7-1.6-1.1-2.5-1.1s-1.8.4-2.5 1.1l-4.2 4.2 1.4 1.4 4.2-4.2c.6-.6 1.6-.6 2.2 0l4.2 4.2zM2 12l3-3 3 3-3 3zm14 0 3-3 3 3-3 3z" />,
  'Pix',
);
export const SendIcon = createSvgIcon(<path d="M2.01 21 23 12 2.01 3 2 10l15 2-15 2z" />, 'Send');
export const AddIcon = createSvgIcon(<path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z" />, 'Add');
export const UploadIcon = createSvgIcon(
  <path d="M19.35 10.04C18.67 6.59 15.64 4 12 4 9.11 4 6.6 5.64 5.35 8.04 2.34 8.36 0 10.91 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96M14 13v4h-4v-4H7l5-5 5 5z" />,
  'CloudUpload',
);
export const HourglassIcon = createSvgIcon(
  <path d="M6 2v6h.01L6 8.01 10 12l-4 4 .01.01H6V22h12v-5.99h-.01L18 16l-4-4 4-3.99-.01-.01H18V2zm10 14.5V20H8v-3.5l4-4zm-4-5-4-4V4h8v3.5z" />,
  'HourglassTop',
);
