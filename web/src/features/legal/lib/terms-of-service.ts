import { LEGAL_LAST_UPDATED, type LegalDocument } from './legal-document.ts';

/**
 * The terms of service, written for this product: who may use it (13 and over, parental consent
 * under 18), content and conduct, moderation, live streams, and paid gifts (purchases are final).
 * Operator details are {placeholders}.
 */
export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LEGAL_LAST_UPDATED,
  summary:
    'These terms are the agreement between you and the operator of MyWorld. By creating an account or using the service you accept them. Please read them together with our Privacy Policy, which explains what we do with your information.',
  sections: [
    {
      id: 'the-service',
      heading: '1. The service',
      blocks: [
        'MyWorld lets you share short videos, text posts and 24-hour stories, message other people directly, watch and broadcast live streams, join duets, and send paid virtual gifts to streamers. Feeds and recommendations are personalised, and creators get analytics about their own content.',
        'The service is operated by the company at {businessAddress}. You can reach us at {contactEmail}.',
      ],
    },
    {
      id: 'eligibility',
      heading: '2. Who can use MyWorld',
      blocks: [
        {
          list: [
            'You must be at least 13 years old.',
            'If you are under 18, you need the consent of a parent or guardian, who accepts these terms for you and is responsible for your use of the service, including any gift purchases.',
            'You may not use MyWorld if we have previously removed your account for breaking these terms, or if the law where you live forbids it.',
          ],
        },
      ],
    },
    {
      id: 'your-account',
      heading: '3. Your account',
      blocks: [
        'Give true information when you register and keep your email address current; we use it to verify your account and to help you reset your password. Keep your password to yourself: you are responsible for what happens under your account. Tell us at {contactEmail} straight away if you think someone else has used it.',
        'Usernames may not impersonate another person or brand. A username becomes available to others 30 days after the account that held it is deleted.',
      ],
    },
    {
      id: 'your-content',
      heading: '4. Your content',
      blocks: [
        'You keep ownership of the videos, posts, stories, comments, messages and streams you create. So that we can run the service, you give us a worldwide, non-exclusive, royalty-free licence to store, process, transcode, copy and display your content on MyWorld, to show it in feeds, search and recommendations, and to let other users watch and share it within the service. The licence ends when you delete the content or your account, except where the content has been reported and must be kept for a moderation or legal process.',
        'You promise that you have the rights to what you post, including music, footage and the image of anyone who appears in it, and that it follows the community rules below.',
        'Stories are shown for 24 hours. Live streams are broadcast as they happen and are not kept as recordings.',
      ],
    },
    {
      id: 'community-rules',
      heading: '5. Community rules',
      blocks: [
        'Do not post, send or stream:',
        {
          list: [
            'hate speech, or content that attacks people for who they are;',
            "harassment, bullying, threats, or sharing someone's private information;",
            'violence or content that encourages self-harm;',
            'nudity or sexual content, and never any content that sexualises minors (we remove it and report it to the authorities);',
            'spam, scams, fake engagement or misleading information likely to cause harm;',
            'content that infringes copyright or other rights;',
            'anything illegal under the law of {jurisdiction} or where you live.',
          ],
        },
        "Do not access the service with bots or scrapers, try to get around rate limits, security or moderation, or interfere with other people's use of MyWorld.",
      ],
    },
    {
      id: 'reports-and-moderation',
      heading: '6. Reports and moderation',
      blocks: [
        'Anyone can report a video, post, comment, story, stream, message or account. Our moderators review reports and may dismiss them, remove content, or restrict or close accounts that break these terms. Every report and decision is recorded, so a decision can be audited later. If you think we got a decision wrong, write to {contactEmail} and we will look at it again.',
      ],
    },
    {
      id: 'live-streams-and-duets',
      heading: '7. Live streams and duets',
      blocks: [
        'You are responsible for everything in your stream, including your chat and any guest you accept into a duet. Do not stream people who have not agreed to it. We may end a stream that breaks these terms while it is live.',
      ],
    },
    {
      id: 'virtual-gifts',
      heading: '8. Virtual gifts and payments',
      blocks: [
        {
          list: [
            "Virtual gifts are bought with real money while watching a live stream. The price is shown before you pay, and payment is processed by Stripe; Stripe's terms also apply to your payment.",
            'A gift is delivered to the streamer once the payment succeeds. You cannot send gifts to your own stream.',
            'All gift purchases are final. Gifts are not refundable, exchangeable or transferable, and have no cash value to the sender, except where the law requires a refund or a payment was not authorised by you.',
            'If a payment is reversed or disputed, we may reverse the gift and suspend gifting from the account.',
          ],
        },
      ],
    },
    {
      id: 'messages',
      heading: '9. Direct messages',
      blocks: [
        'Direct messages are private between you and the recipient, but they follow the same community rules. A recipient can report a message, and our moderators then see it.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: '10. Our service and copyright complaints',
      blocks: [
        'The MyWorld name, logo, app and software belong to the operator. You may not copy or reuse them except as the service allows. If you believe content on MyWorld infringes your copyright, send the details (the content, your work, and your contact information) to {contactEmail}.',
      ],
    },
    {
      id: 'ending',
      heading: '11. Ending your use',
      blocks: [
        'You can stop using MyWorld and delete your account at any time; the Privacy Policy explains what deletion does to your information. We may suspend or close an account that seriously or repeatedly breaks these terms, or when the law requires it. Gifts already bought are not refunded when an account is closed for breaking these terms.',
      ],
    },
    {
      id: 'liability',
      heading: '12. Disclaimers and liability',
      blocks: [
        'We work to keep MyWorld available and safe, but the service is provided "as is": streams may drop, content may be unavailable, and we do not guarantee any number of views, followers or gifts. Content on MyWorld is the responsibility of the person who posted it. To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability to you is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits rights that the law gives you and that cannot be waived.',
      ],
    },
    {
      id: 'law',
      heading: '13. Governing law',
      blocks: [
        'These terms are governed by the law of {jurisdiction}, and disputes go to the courts of {jurisdiction}, unless the law where you live gives you the right to bring a claim there.',
      ],
    },
    {
      id: 'changes',
      heading: '14. Changes to these terms',
      blocks: [
        'When we change these terms we update the date at the top, and we tell you about significant changes in the app or by email before they take effect. If you keep using MyWorld after that, the new terms apply.',
      ],
    },
    {
      id: 'contact',
      heading: '15. Contact',
      blocks: ['Questions about these terms: {contactEmail}', 'Post: {businessAddress}'],
    },
  ],
};
