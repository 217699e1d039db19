/** The questions and answers of /faqs in Hausa (see faq-content.tsx). Awaiting review by a native speaker. */
import { Link } from 'wouter';
import { DONATION_SPLIT_KOBO, FOUNDATION } from '../../../../shared/constants';
import type { Faq } from './faq-content';

export const FAQS: readonly Faq[] = [
  {
    question: 'Ta yaya zan ba da gudummawa?',
    answer: (
      <p>
        Zaɓi gangami a <Link to="/campaigns">shafin gangamai</Link> sannan ka danna “Karɓi lambar shaidar biyana”. Tura
        adadin zuwa asusun da aka nuna, tare da wannan lambar shaida a bayanin tura kuɗin: da ita muke gane
        gudummawarka, kuma shafin alƙawarinka zai nuna rasitinka da zarar kuɗin ya iso. Idan shafin gangami ya ba da
        “Biya ta intanet yanzu”, kana iya biya da kati, tura kuɗi ko USSD ta Paystack maimakon haka, kuma rasitinka zai
        bayyana nan take.
      </p>
    ),
  },
  {
    question: 'Nawa ne daga gudummawata ke isa ga aikin?',
    answer: (
      <p>
        A kowane ₦1 da ka bayar, kobo {DONATION_SPLIT_KOBO.campaign} na zuwa ga gangamai, kobo{' '}
        {DONATION_SPLIT_KOBO.administration} kuma ga gudanarwa da kulawa.
      </p>
    ),
  },
  {
    question: 'Zan iya samun rasiti?',
    answer: (
      <p>
        Ee. Ka aiko mana da kwanan wata, adadi da lambar shaidar tura kuɗinka ta{' '}
        <Link to="/contact">fom ɗin tuntuɓa</Link>, kuma za mu aiko maka da shaidar karɓa ta imel.
      </p>
    ),
  },
  {
    question: 'Ta yaya zan san asusun na gaskiya ne?',
    answer: (
      <p>
        Kowane asusun da muke amfani da shi yana da sunan gidauniyar kuma ana nuna shi a wannan shafin yanar gizo. Ba mu
        taɓa neman kuɗi ta waya, SMS ko saƙon kafafen sada zumunta ba, kuma ba mu taɓa neman a tura zuwa asusun wani
        mutum ba.
      </p>
    ),
  },
  {
    question: 'A ina kuke aiki?',
    answer: (
      <p>
        A jihohin arewa 19, musamman a al'ummomin karkara. Taswirar da ke <Link to="/">shafin farko</Link> tana nuna
        inda gangamanmu suke.
      </p>
    ),
  },
  {
    question: 'Ta yaya zan yi aikin sa-kai?',
    answer: (
      <p>
        Ka cika <Link to="/volunteer-form">fom ɗin aikin sa-kai</Link>. Za mu tuntuɓe ka domin mu haɗa ƙwarewarka da
        lokacinka da wani aiki kusa da kai.
      </p>
    ),
  },
  {
    question: 'Kamfanina ko ƙungiyata za ta iya haɗa gwiwa da ku?',
    answer: (
      <p>
        Ee — ta hanyar kuɗi, ƙwarewa, kayan aiki ko gudummawar kaya. Duba{' '}
        <Link to="/partner">zama abokin hulɗarmu</Link>.
      </p>
    ),
  },
  {
    question: 'Ta yaya zan ji yadda gangami ke tafiya?',
    answer: (
      <p>
        Kowane shafin gangami yana da ɓangaren sabbin labarai, mafi sabo a sama. Haka kuma za ka iya yin rajistar
        wasiƙar labaranmu.
      </p>
    ),
  },
  {
    question: 'Ta yaya kuke amfani da bayanaina na sirri?',
    answer: (
      <p>
        Sai dai don mu amsa maka mu kuma gudanar da shirin da ka yi rajista a kai. Karanta{' '}
        <Link to="/privacy">Manufar sirrinmu</Link> ko ka rubuta zuwa{' '}
        <a href={`mailto:${FOUNDATION.email}`}>{FOUNDATION.email}</a>.
      </p>
    ),
  },
];
