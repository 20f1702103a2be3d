/** Every user-facing text of uploads and media, each defined once (the client's toasts and the server's refusals). */
export const MEDIA_MESSAGES = {
  uploadFailedTitle: 'Upload failed',
  uploadUrlFailed: 'Failed to get upload URL. Please try again.',
  fileUploadFailed: 'File upload failed. Please try again.',
  notYourUpload: 'This upload does not belong to you',
  uploadNotFound: 'This upload does not exist or has expired',
  notAnUploadUrl: 'uploadURL is not an upload address of this site',
  multipartNotFound: 'This multipart upload does not exist',
  objectNotFound: 'Not found',
} as const;

/** The uploader's words (the uploader's fixed messages); %{...} are Uppy's placeholders. */
export const UPLOADER_MESSAGES = {
  // Why one upload failed (shown on the file in the upload dialog and in its notice).
  authorizationRequired: 'Authorization required',
  requestExpired: 'Request has expired',
  networkFailed:
    'This looks like a network error, the endpoint might be blocked by an internet provider or a firewall.',
  unknownError: 'Unknown error',
  non2xx: 'Non 2xx',

  // What a chosen file broke (Uppy's restriction notices; %{...} are Uppy's placeholders).
  youCanOnlyUploadOne: 'You can only upload %{smart_count} file',
  youCanOnlyUploadMany: 'You can only upload %{smart_count} files',
  youHaveToSelectOne: 'You have to select at least %{smart_count} file',
  youHaveToSelectMany: 'You have to select at least %{smart_count} files',
  exceedsSize: '%{file} exceeds maximum allowed size of %{size}',
  inferiorSize: 'This file is smaller than the allowed size of %{size}',
  youCanOnlyUploadFileTypes: 'You can only upload: %{types}',
  noDuplicates: "Cannot add the duplicate file '%{fileName}', it already exists",
  missingRequiredMetaField: 'Missing required meta fields',
  missingRequiredMetaFieldOnFile: 'Missing required meta fields in %{fileName}',
  additionalRestrictionsFailed: '%{count} additional restrictions were not fulfilled',
  failedToUpload: 'Failed to upload %{file}',
  noInternetConnection: 'No Internet connection',
  connectedToInternet: 'Connected to the Internet',
} as const;
