import { ENGAGEMENT_MESSAGES } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';

/**
 * Copies a post's public link (a path such as /video/{id}) as a full address on this site and
 * says so. Browsers refuse the clipboard without permission or on insecure pages: then the toast
 * shows the address so it can still be copied by hand.
 */
export async function copyLinkAndToast(path: string): Promise<void> {
  const url = `${location.origin}${path}`;
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: ENGAGEMENT_MESSAGES.linkCopied, description: ENGAGEMENT_MESSAGES.linkCopiedDescription });
  } catch {
    toast({ title: "Couldn't copy the link", description: url, variant: 'destructive' });
  }
}
