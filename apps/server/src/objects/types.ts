/** The shapes of the upload flow (ObjectService): requests, signed part URLs, stored objects and upload rows. */

interface KeyValues {
  key: string;
  values: string[];
}
interface SignPart {
  partNumber: number;
  url: string;
  query: KeyValues[];
  header: KeyValues[];
}
export interface AuthSignParts {
  url: string;
  query: KeyValues[];
  header: KeyValues[];
  parts: SignPart[];
}

export interface InitiateRequest {
  hash: string;
  size: number;
  partSize: number;
  maxParts: number;
  cause: string;
  name: string;
  contentType: string;
}
export interface CompleteRequest {
  uploadID: string;
  parts: string[];
  name: string;
  contentType: string;
  cause: string;
}

export interface StoredObject {
  name: string;
  blobKey: string;
  size: number;
  contentType: string;
  userID: string;
  createdAt: number;
}

export interface UploadRow {
  upload_id: string;
  user_id: string;
  hash: string;
  size: number;
  part_size: number;
  part_count: number;
  name: string;
  content_type: string;
  cause: string;
  created_at: number;
  expires_at: number;
}

/** Where the URLs handed out point: `<apiBase>/object/<name>` and `<apiBase>/object-upload/<id>`. */
export interface UrlBase {
  /** e.g. `http://127.0.0.1:10002/api` */
  api: string;
  /** e.g. `http://127.0.0.1:10002/api/object` (or the configured public base) */
  objects: string;
}

/** A refused part PUT: answered with a real HTTP status (the SDK only looks at the status of PUTs). */
export class PartRejected extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PartRejected';
  }
}
