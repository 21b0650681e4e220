import { fileUploaderContract } from './file-uploader.contract';
import { openImWorld } from './im-worlds';

// One real SDK instance uploading through the server's /object/* flow.
fileUploaderContract('OpenImFileUploader over the real SDK and @teamim/server', openImWorld);
