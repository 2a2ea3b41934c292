// The booking feature's third public face: a waitlist offer behind its e-mail's link.
// Apart from index.ts and manage.ts, so the pages with the form do not carry it.
export { OfferPanel } from './components/OfferPanel';
export { useWaitlistOffer, type OfferState } from './hooks/useWaitlistOffer';
export type { WaitlistOffer } from './api/offer';
