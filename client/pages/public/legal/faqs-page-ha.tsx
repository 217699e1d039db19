import { FAQS } from './faq-content-ha';
import { FaqsView } from './faqs-view';

/** The questions in Hausa: their own chunk, so English visitors never download them (and the reverse). */
export const FaqsPage = () => <FaqsView faqs={FAQS} />;
