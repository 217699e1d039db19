import { FAQS } from './faq-content';
import { FaqsView } from './faqs-view';

export const FaqsPage = () => <FaqsView faqs={FAQS} />;
