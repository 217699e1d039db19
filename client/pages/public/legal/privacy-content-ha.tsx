/** The privacy policy in Hausa (see privacy-content.tsx). Awaiting review by a native speaker. */
import { FOUNDATION } from '../../../../shared/constants';
import type { LegalSection } from './legal-page';

export { PRIVACY_UPDATED } from './legal-dates';

export const PRIVACY_INTRO = (
  <p>
    {FOUNDATION.name} (“{FOUNDATION.shortName}”, “mu”) tana mutunta sirrinka. Wannan manufa tana bayyana irin bayanan
    sirri da muke tattarawa ta wannan shafin yanar gizo, dalilin haka, bisa wane tushe na doka, tsawon lokacin da muke
    ajiye su da haƙƙoƙin da kake da su ƙarƙashin Dokar Kare Bayanai ta Najeriya ta 2023 (NDPA). Mu ne masu kula da
    bayanan da aka bayyana a nan.
  </p>
);

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'Abin da muke tattarawa da dalilinsa',
    body: (
      <>
        <p>Abin da ka rubuta a fom-fom ɗinmu kaɗai muke tattarawa. Kowane fom yana tattara:</p>
        <ul>
          <li>
            <strong>Buƙatar aikin sa-kai:</strong> sunan farko da na iyali, imel, waya, sana'a, fannonin sha'awa,
            lokacin samuwa, ƙwarewa da dalili — domin mu haɗa ka da aikin sa-kai mu kuma tuntuɓe ka game da shi.
          </li>
          <li>
            <strong>Buƙatar haɗin gwiwa:</strong> sunan ƙungiya da irinta, sunan wakilin tuntuɓa, imel da waya, irin
            haɗin gwiwa, ayyukan da ake sha'awa, kayan da kuke bayarwa da saƙonku — domin tattauna haɗin gwiwa.
          </li>
          <li>
            <strong>Rajistar mai fafutuka:</strong> suna, imel, kuma idan ka so, waya, gari, jiha, sunayenka a kafafen
            sada zumunta da ƙwarewa, fannonin fafutukarka da saƙonka — domin mu tallafa maka a matsayin mai fafutuka.
          </li>
          <li>
            <strong>Fom ɗin tuntuɓa:</strong> suna, imel, waya, maudu'i da saƙo — domin mu amsa maka.
          </li>
          <li>
            <strong>Wasiƙar labarai:</strong> adireshin imel ɗinka — domin mu aiko maka da labarai game da aikinmu,
            bayan ka tabbatar da shi daga saƙon da muka aiko maka. Kowane saƙon wasiƙar labarai yana da mahaɗin cire
            suna da danna sau ɗaya.
          </li>
        </ul>
        <p>
          Ba ma tattara bayanan kati ko na banki a wannan shafi: ana ba da gudummawa ta tura kuɗi ta bankinka. Sabarmu
          tana ajiye gajerun bayanan fasaha (kamar adireshin IP da lokacin buƙata) domin kiyaye tsaron shafin.
        </p>
      </>
    ),
  },
  {
    id: 'lawful-basis',
    title: 'Tushen doka',
    body: (
      <p>
        Muna sarrafa bayanan da ka aiko ta fom-fom ɗinmu bisa <strong>izininka</strong> (sashe na 25(1)(a) na NDPA),
        wanda kake bayarwa ta hanyar aika fom. Za ka iya janye izininka a kowane lokaci; hakan ba ya shafar sarrafawar
        da aka yi kafin ka janye shi. Ana ajiye bayanan tsaro bisa halattacciyar buƙatarmu ta kare shafin.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Wa zai iya ganin bayananka',
    body: (
      <p>
        Ma'aikatan gidauniyar da aka ba izini kaɗai ke iya ganin bayanan da aka aiko, ta dashbod mai kalmar sirri. Ba ma
        sayar ko ba da hayar bayanan sirri. Muna raba su ne kawai da masu ba mu sabis da ke ɗaukar shafinmu da ma'ajiyar
        bayananmu ko ke isar da saƙonnin imel ɗinmu, ƙarƙashin yarjejeniyoyin rubutu da suka wajabta musu kare su, ko
        inda doka ta buƙaci haka. Idan an ajiye bayanai a wajen Najeriya, muna tabbatar da cewa suna samun kariyar da
        NDPA ta buƙata.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Tsawon lokacin da muke ajiye su',
    body: (
      <ul>
        <li>Buƙatun aikin sa-kai, haɗin gwiwa da fafutuka: har zuwa watanni 24 bayan tuntuɓarmu ta ƙarshe da kai.</li>
        <li>Saƙonnin tuntuɓa: har zuwa watanni 12 bayan mun amsa.</li>
        <li>
          Rajistar wasiƙar labarai: har sai ka cire sunanka. Bayan haka muna ajiye adireshinka kaɗai, da alamar an cire
          sunanka, domin kada mu sake rubuta maka — sai dai idan ka nemi mu goge shi ma.
        </li>
        <li>
          Kwafin saƙonnin imel da muke aiko maka (adireshinka, maudu'i da rubutun): kwanaki 30 bayan sun tafi, domin
          ma'aikata su iya duba cewa saƙo ya isa; kwanaki 90 ga wanda bai isa ba.
        </li>
        <li>Bayanan tsaro: har zuwa kwanaki 90.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Haƙƙoƙinka',
    body: (
      <>
        <p>Ƙarƙashin NDPA kana da haƙƙin:</p>
        <ul>
          <li>
            <strong>ganin</strong> bayanan sirrin da muke riƙe da su game da kai da karɓar kwafinsu;
          </li>
          <li>
            <strong>gyara</strong> bayanan da ba daidai ba ko ba su cika ba;
          </li>
          <li>
            <strong>gogewa</strong> bayananka idan ba ma buƙatarsu ko ka janye izininka;
          </li>
          <li>
            <strong>ƙin yarda</strong> da sarrafawa ko taƙaita ta, har da don tallace-tallace kai tsaye;
          </li>
          <li>
            <strong>ɗaukar bayanai</strong>: karɓar bayananka a tsari na gama-gari da na'ura ke iya karantawa, ko a tura
            su zuwa wata ƙungiya;
          </li>
          <li>janye izininka a kowane lokaci.</li>
        </ul>
        <p>Muna amsa buƙatu cikin kwanaki 30 kuma kyauta.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Yadda muke kare su',
    body: (
      <p>
        Bayanai suna tafiya ta hanyoyin sadarwa masu ɓoye bayanai (encryption), ma'aikatan da aka ba izini kaɗai ke iya
        shiga dashbod, kuma muna duba waɗanda ke da damar shiga akai-akai. Idan wani keta tsaro ya jefa haƙƙoƙinka cikin
        haɗari, za mu sanar da Hukumar Kare Bayanai ta Najeriya cikin awanni 72 mu kuma faɗa maka ba tare da jinkirin da
        bai dace ba.
      </p>
    ),
  },
  {
    id: 'contact-dpo',
    title: "Jami'in kare bayanai",
    body: (
      <p>
        Don kowace tambaya game da sirri ko don amfani da haƙƙoƙinka, rubuta wa jami'inmu na kare bayanai a{' '}
        <a href={`mailto:${FOUNDATION.email}?subject=Data%20protection%20request`}>{FOUNDATION.email}</a> da batun
        “Buƙatar kare bayanai”, ko ka yi amfani da fom ɗin tuntuɓa a wannan shafi.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Ƙorafi',
    body: (
      <p>
        Idan amsarmu ba ta gamsar da kai ba, za ka iya kai ƙorafi ga Hukumar Kare Bayanai ta Najeriya (NDPC), mai kula
        da NDPA, a <a href="https://ndpc.gov.ng">ndpc.gov.ng</a>.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Sauye-sauye ga wannan manufa',
    body: (
      <p>
        Za mu wallafa kowane sauyi a wannan shafi tare da sabon kwanan wata. Za a sanar da manyan sauye-sauye a shafin
        farko.
      </p>
    ),
  },
];
