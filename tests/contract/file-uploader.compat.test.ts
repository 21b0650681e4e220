import { fileUploaderContract } from './file-uploader.contract';
import { openImWorld } from './im-worlds';

// As against a real deployment: the server hands out presigned part URLs on a second origin (standing in
// for MinIO) and the real SDK PUTs the bytes there; the uploaded file's URL is on that origin too.
fileUploaderContract(
  'OpenImFileUploader over the real SDK, presigned uploads to another origin (openim-3.8)',
  () => openImWorld({ compat: 'openim-3.8' }),
);
