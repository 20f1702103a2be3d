import type { Locale } from '@uppy/core/utils';
import { UPLOADER_MESSAGES as M } from '@myworld/schemas';

/**
 * Uppy's notices in the uploader's words. Uppy's English says the same today; naming every one here
 * keeps them so when Uppy rewords its defaults.
 */
export const uploaderLocale: Locale = {
  strings: {
    youCanOnlyUploadX: { 0: M.youCanOnlyUploadOne, 1: M.youCanOnlyUploadMany },
    youHaveToAtLeastSelectX: { 0: M.youHaveToSelectOne, 1: M.youHaveToSelectMany },
    exceedsSize: M.exceedsSize,
    inferiorSize: M.inferiorSize,
    youCanOnlyUploadFileTypes: M.youCanOnlyUploadFileTypes,
    noDuplicates: M.noDuplicates,
    missingRequiredMetaField: M.missingRequiredMetaField,
    missingRequiredMetaFieldOnFile: M.missingRequiredMetaFieldOnFile,
    additionalRestrictionsFailed: M.additionalRestrictionsFailed,
    failedToUpload: M.failedToUpload,
    noInternetConnection: M.noInternetConnection,
    connectedToInternet: M.connectedToInternet,
  },
  pluralize: (n: number) => (n === 1 ? 0 : 1),
};
