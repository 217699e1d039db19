/** The terms of use in Hausa (see terms-content.tsx). Awaiting review by a native speaker. */
import { Link } from 'wouter';
import { DONATION_SPLIT_KOBO, FOUNDATION } from '../../../../shared/constants';
import type { LegalSection } from './legal-page';

export { TERMS_UPDATED } from './legal-dates';

export const TERMS_INTRO = (
  <p>
    Waɗannan sharuɗɗa sun shafi amfaninka da shafin yanar gizo na {FOUNDATION.name} (“{FOUNDATION.shortName}”, “mu”). Ta
    hanyar amfani da shafin, ka amince da su. Idan ba ka yarda ba, da fatan kada ka yi amfani da shafin.
  </p>
);

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'about-us',
    title: 'Su wane ne mu',
    body: (
      <p>
        {FOUNDATION.name} gidauniya ce mai zaman kanta, wadda ba ta neman riba, mai aiki tare da al'ummomi a Arewacin
        Najeriya. Za ka iya samun mu a <a href={`mailto:${FOUNDATION.email}`}>{FOUNDATION.email}</a> ko ta{' '}
        <Link to="/contact">fom ɗin tuntuɓa</Link>.
      </p>
    ),
  },
  {
    id: 'donations',
    title: 'Gudummawa',
    body: (
      <>
        <p>
          Ana ba da gudummawa ta tura kuɗi ta banki zuwa asusun da aka nuna a shafukan gangamai. Biya ta yanar gizo ba
          ta samu ba tukuna. Kafin ka tura, ka tabbata sunan asusun na gidauniyar ne. Ba za mu taɓa neman ka biya zuwa
          asusun wani mutum ko ta saƙo ba.
        </p>
        <p>
          A kowane ₦1 da aka bayar, kobo {DONATION_SPLIT_KOBO.campaign} na zuwa ga gangamai, kobo{' '}
          {DONATION_SPLIT_KOBO.administration} kuma ga gudanarwa da kulawa. Idan gangami ya cimma manufarsa ko ba zai
          iya gudana ba, muna amfani da kuɗinsa ga aikin da ya fi kama da shi kuma mu faɗi haka a sabbin labaransa.
          Gudummawa ta son rai ce kuma, da zarar an karɓe ta, ba a mayar da ita sai inda doka ta buƙata ko kuma an tura
          kuɗin bisa kuskure kuma an sanar da mu cikin kwanaki 14.
        </p>
      </>
    ),
  },
  {
    id: 'campaign-information',
    title: 'Bayanan gangamai',
    body: (
      <p>
        Muna bayyana gangamai da gaskiya kuma muna sabunta su yayin da aiki ke ci gaba. Ma'aikatanmu ne ke sabunta
        adadin kuɗin da aka tara, don haka zai iya jinkiri kafin ya nuna sabbin kuɗaɗen da aka tura. Ana ba da alƙaluma,
        lokuta da hotuna bisa kyakkyawar niyya kuma za su iya sauyawa yayin da ayyuka ke haɓaka.
      </p>
    ),
  },
  {
    id: 'your-submissions',
    title: 'Fom-fom da bayanan da ka aiko',
    body: (
      <p>
        Idan ka aika fom, ka tabbatar da cewa bayanan gaskiya ne kuma kana da damar raba su. Aika fom ɗin aikin sa-kai,
        haɗin gwiwa ko fafutuka ba ya ƙulla yarjejeniya; ana amincewa da kowane matsayi ko haɗin gwiwa daban a rubuce.
        Da fatan kada ka aiko da bayanan sirri masu muhimmanci da ba mu nema ba.{' '}
        <Link to="/privacy">Manufar sirrinmu</Link> tana bayyana yadda muke kula da bayananka.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Amfani da ya dace',
    body: (
      <p>
        Kada ka yi amfani da shafin ta hanyar da ba ta dace ba: kada ka yi ƙoƙarin karya tsaronsa, ka cika shi da
        buƙatu, ka aiko da bayanai ta na'ura ko na yaudara, ko ka yi amfani da shi don wani abu da ya saɓa wa doka. Za
        mu iya hana shiga da ke jefa shafin ko sauran baƙi cikin haɗari.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Abubuwan da ke cikin shafinmu',
    body: (
      <p>
        Rubutu, tambari da zane-zanen wannan shafi mallakar gidauniyar ne sai dai idan an faɗi akasin haka. Kana iya
        raba shafukanmu da mahaɗan gangamai yadda kake so; da fatan kada ka kwafi sunanmu ko tambarinmu ta hanyar da za
        ta nuna kana magana a madadinmu. Taswirar Najeriya ta fito ne daga @svg-maps/nigeria ƙarƙashin lasisin CC BY
        4.0.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Alhaki',
    body: (
      <p>
        Muna ƙoƙarin ganin shafin ya kasance daidai kuma a samu koyaushe, amma ba za mu iya alƙawarin ba zai taɓa samun
        kuskure ko katsewa ba. Gwargwadon abin da doka ta yarda, ba mu da alhakin asarar da ta samo asali daga amfaninka
        da shafin. Babu abin da ke cikin waɗannan sharuɗɗa da ke rage alhakin da dokar Najeriya ba ta yarda a rage ba.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Dokar da ke aiki',
    body: (
      <p>
        Dokokin Jamhuriyar Tarayyar Najeriya ne ke tafiyar da waɗannan sharuɗɗa, kuma kotunan Najeriya ne ke da hurumi.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Sauye-sauye',
    body: (
      <p>
        Za mu iya sabunta waɗannan sharuɗɗa. Kwanan watan da ke saman shafin yana nuna sabon tsari, wanda ke aiki daga
        wannan rana.
      </p>
    ),
  },
];
