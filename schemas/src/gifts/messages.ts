/** Every user-facing text of gifts and payments, each defined once. */
export const GIFT_MESSAGES = {
  quantityRange: 'quantity must be a whole number from 1 to 10',
  messageTooLong: 'The gift message is at most 200 characters',
  unknownGift: 'That gift does not exist',
  ownStream: 'You cannot send a gift to your own stream',
  streamNotLive: 'Gifts can only be sent to a live stream',
  signInRequired: 'Please sign in to send a gift.',
  sendGift: 'Send Gift',
  sendFailedTitle: 'Gift not sent',
  final: 'Gift purchases are final.',
  badSignature: 'The webhook signature is not valid',
  paymentNotFound: 'This payment does not exist',
  paymentSettled: 'This payment has already been completed',
  paymentDeclined: 'The payment was declined',
  /** No Stripe keys, and the development provider is not allowed here (production, or a non-loopback HOST). */
  paymentsUnavailable: 'Gifts are not available: no payment provider is configured.',
  giftsReceived: 'Gifts Received',
  /** The buyer's tab once the payment window reports the payment went through (then it closes). */
  giftSentTitle: 'Gift sent!',
  giftSent: 'Thank you! Everyone in the room sees your gift.',
  /** The payment window, while it hands the buyer back to the stream's tab. */
  paymentCompleteTitle: 'Payment complete',
  paymentComplete: 'Taking you back to the stream...',
  /** The payment window when it could not close itself. */
  paymentCompleteClose: 'You can close this window.',
} as const;
