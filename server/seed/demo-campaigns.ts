/**
 * The demo campaigns: one per category, across the northern states, some short of their target and
 * one past it. Dates are relative (days before the seed runs) so the dashboard always has recent
 * months to compare. Every text is written in English and in Hausa (docs/translation.md), as staff
 * write them in the editor, so a Hausa visitor's first look is in Hausa.
 */
import type { CampaignCategory, CampaignLocation } from '../../shared/constants';
import type { Mood, Scene } from './demo-images';

type OverviewText = 'mainText' | 'challengeText' | 'solutionText' | 'impactText';

export interface DemoCampaign {
  title: string;
  titleHa: string;
  category: CampaignCategory;
  location: CampaignLocation;
  /** When the campaign was created, in days before the seed runs. */
  startedDaysAgo: number;
  /** Days after the start; endDate is left empty when undefined. */
  runsForDays?: number;
  target: number;
  amountRaised: number;
  shortDescription: string;
  shortDescriptionHa: string;
  description: string;
  descriptionHa: string;
  impact: string;
  overview: Record<OverviewText | `${OverviewText}Ha`, string>;
  /** Progress notes, each dated some days after the start. */
  updates: { daysAfterStart: number; content: string; contentHa: string }[];
  scene: Scene;
  /** The main image's light, then one gallery image per further mood. */
  moods: [Mood, ...Mood[]];
}

export const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  {
    title: 'Solar Boreholes for Hadejia Villages',
    titleHa: 'Rijiyoyin burtsatse masu amfani da hasken rana ga ƙauyukan Hadejia',
    category: 'Water',
    location: 'Jigawa',
    startedDaysAgo: 140,
    runsForDays: 120,
    target: 12_500_000,
    amountRaised: 13_180_000,
    shortDescription: 'Four solar-powered boreholes so 6,000 people no longer walk hours for water.',
    shortDescriptionHa:
      'Rijiyoyin burtsatse huɗu masu amfani da hasken rana, domin mutane 6,000 su daina tafiyar awowi don neman ruwa.',
    description:
      'In the villages around Hadejia, women and children walk up to three hours a day to fetch water from open ponds shared with cattle. Cholera and typhoid follow every rainy season. Together with the communities we are drilling four solar-powered boreholes with storage tanks and public taps.',
    descriptionHa:
      "A ƙauyukan da ke kewaye da Hadejia, mata da yara kan yi tafiyar har awowi uku a kowace rana domin ɗebo ruwa daga tafkunan da shanu ma ke sha. Kwalara da taifot kan ɓarke a kowace damina. Tare da al'ummomin, muna haƙa rijiyoyin burtsatse huɗu masu amfani da hasken rana, tare da tankunan ajiya da famfunan jama'a.",
    impact: '6,000 people with safe water within 500 metres of home',
    overview: {
      mainText:
        'Each borehole is drilled to the deep aquifer, fitted with a solar pump and a 10,000-litre tank, and handed to a water committee chosen by the village.',
      mainTextHa:
        'Ana haƙa kowace rijiya har zuwa ruwan ƙarƙashin ƙasa mai zurfi, a sa mata famfo mai amfani da hasken rana da tanki mai ɗaukar lita 10,000, sannan a miƙa ta ga kwamitin ruwa da ƙauyen ya zaɓa.',
      challengeText:
        'The shallow wells dry up from February to May, and the ponds that remain carry water-borne disease. Girls miss school to fetch water.',
      challengeTextHa:
        "Rijiyoyi marasa zurfi kan ƙafe daga Faburairu zuwa Mayu, kuma tafkunan da suka rage suna ɗauke da cututtukan da ruwa ke yaɗawa. 'Yan mata kan rasa makaranta domin ɗebo ruwa.",
      solutionText:
        '1. Survey the aquifer and drill four boreholes of 60 to 80 metres.\n2. Install solar pumps, elevated tanks and six-tap stands.\n3. Train a water committee in each village to collect a small fee and keep the pumps running.',
      solutionTextHa:
        '1. Binciken ruwan ƙarƙashin ƙasa, da haƙa rijiyoyin burtsatse huɗu masu zurfin mita 60 zuwa 80.\n2. Sanya famfuna masu amfani da hasken rana, tankuna a kan turaku, da wuraren famfo masu baki shida.\n3. Horar da kwamitin ruwa a kowane ƙauye domin ya karɓi ɗan kuɗi kaɗan, ya kuma kula da famfunan.',
      impactText:
        'Clean water close to home for 6,000 people, fewer cases of diarrhoea in children under five, and more girls in class in the dry season.',
      impactTextHa:
        "Ruwa mai tsafta kusa da gida ga mutane 6,000, raguwar gudawa a tsakanin yara 'yan ƙasa da shekara biyar, da ƙarin 'yan mata a aji a lokacin rani.",
    },
    updates: [
      {
        daysAfterStart: 20,
        content: 'The hydrogeological survey is complete; all four sites have good water at 70 metres.',
        contentHa:
          'An kammala binciken ruwan ƙarƙashin ƙasa; dukkan wurare huɗu suna da ruwa mai kyau a zurfin mita 70.',
      },
      {
        daysAfterStart: 75,
        content:
          'Three boreholes are drilled and pumping. The community in Kirikasamma dug the trench for the pipes themselves.',
        contentHa:
          "An haƙa rijiyoyi uku, kuma suna ba da ruwa. Al'ummar Kirikasamma da kansu suka haƙa ramin da aka shimfiɗa bututun a ciki.",
      },
      {
        daysAfterStart: 118,
        content: 'Target passed! The extra funds will pay for a fifth tap stand at the primary school.',
        contentHa: 'Mun wuce manufa! Ƙarin kuɗin zai biya wurin famfo na biyar a makarantar firamare.',
      },
    ],
    scene: 'well',
    moods: ['day', 'morning', 'harmattan'],
  },
  {
    title: 'Rebuild Classrooms at Gwale Primary School',
    titleHa: 'Sake gina azuzuwa a Makarantar Firamare ta Gwale',
    category: 'Education',
    location: 'Kano',
    startedDaysAgo: 105,
    runsForDays: 180,
    target: 18_000_000,
    amountRaised: 11_250_000,
    shortDescription: 'Six safe classrooms, desks and a library corner for 900 pupils who now learn under trees.',
    shortDescriptionHa:
      'Azuzuwa shida masu aminci, da tebura da ƙaramin ɗakin karatu, ga ɗalibai 900 da yanzu suke karatu a ƙarƙashin bishiyoyi.',
    description:
      'A windstorm tore the roof off two blocks at Gwale Primary School. Since then more than 900 pupils share three classrooms or sit under neem trees, and lessons stop whenever it rains. We are rebuilding six classrooms with the school-based management committee.',
    descriptionHa:
      'Wata iska mai ƙarfi ta yaye rufin gine-gine biyu a Makarantar Firamare ta Gwale. Tun daga lokacin, ɗalibai fiye da 900 suna amfani da azuzuwa uku kacal, ko su zauna a ƙarƙashin bishiyoyin darbejiya, kuma ana dakatar da darasi duk lokacin da aka yi ruwan sama. Muna sake gina azuzuwa shida tare da kwamitin gudanarwar makarantar.',
    impact: '900 pupils learning in safe classrooms',
    overview: {
      mainText:
        'The new blocks use locally made interlocking bricks, steel roof trusses rated for storms, and large windows for light and air.',
      mainTextHa:
        'Ana gina sabbin gine-ginen da bulo mai kulle-kulle da aka yi a yankin, da ƙarafan rufi masu jure wa iska mai ƙarfi, da manyan tagogi domin haske da iska.',
      challengeText:
        'Classes of over 150 pupils, no desks for the youngest, and no lessons at all on rainy days. Parents have started keeping daughters at home.',
      challengeTextHa:
        "Aji ɗaya kan ɗauki ɗalibai sama da 150, ƙananan yara ba su da tebura, kuma ba a yin darasi ko kaɗan a ranakun ruwan sama. Wasu iyaye sun fara hana 'ya'yansu mata zuwa makaranta.",
      solutionText:
        '1. Rebuild two blocks of three classrooms each.\n2. Furnish them with 300 two-seater desks made by local carpenters.\n3. Set up a library corner with 1,500 books in Hausa and English.',
      solutionTextHa:
        '1. Sake gina gine-gine biyu, kowanne da azuzuwa uku.\n2. Samar da tebura 300 na mutum biyu-biyu, waɗanda kafintocin yankin za su ƙera.\n3. Kafa ƙaramin ɗakin karatu mai littattafai 1,500 na Hausa da na Turanci.',
      impactText:
        'Class sizes fall to about 50, lessons continue through the rainy season, and local artisans earn from the building work.',
      impactTextHa:
        "Yawan ɗalibai a kowane aji zai ragu zuwa kusan 50, za a ci gaba da darasi a lokacin damina, kuma masu sana'a na yankin za su sami kuɗi daga aikin ginin.",
    },
    updates: [
      {
        daysAfterStart: 30,
        content: 'Foundations for the first block are laid; the community provided sand and labour.',
        contentHa: "An aza harsashin gini na farko; al'umma ta ba da yashi da aikin hannu.",
      },
      {
        daysAfterStart: 90,
        content: 'The first block is roofed. Desks are being made at the Dala carpentry cooperative.',
        contentHa: 'An rufe gini na farko. Ƙungiyar kafintoci ta Dala na ƙera teburan.',
      },
    ],
    scene: 'classroom',
    moods: ['day', 'morning', 'dusk'],
  },
  {
    title: 'Maternal Care Unit in Daura',
    titleHa: 'Sashen kula da mata masu juna biyu a Daura',
    category: 'Health',
    location: 'Katsina',
    startedDaysAgo: 80,
    target: 25_000_000,
    amountRaised: 9_400_000,
    shortDescription: 'A solar-powered maternity ward with a trained midwife team for 30 surrounding villages.',
    shortDescriptionHa:
      'Ɗakin haihuwa mai amfani da hasken rana, tare da ƙwararrun ungozomomi, ga ƙauyuka 30 da ke kewaye.',
    description:
      'Most women in the villages around Daura give birth at home without a skilled attendant, and the nearest theatre is two hours away on bad roads. We are equipping a maternal care unit at the primary health centre and training midwives to staff it day and night.',
    descriptionHa:
      'Yawancin mata a ƙauyukan da ke kewaye da Daura suna haihuwa a gida ba tare da ƙwararriyar ungozoma ba, kuma ɗakin tiyata mafi kusa yana da nisan awowi biyu a kan hanya mara kyau. Muna samar da kayan aiki ga sashen kula da mata masu juna biyu a cibiyar lafiya ta matakin farko, kuma muna horar da ungozomomi da za su yi aiki dare da rana.',
    impact: '1,200 safe deliveries a year',
    overview: {
      mainText:
        'The unit adds a delivery room, a six-bed ward, a solar power system for light and the vaccine fridge, and an emergency tricycle ambulance.',
      mainTextHa:
        "Sashen zai ƙara ɗakin haihuwa, ɗakin kwanciya mai gadaje shida, na'urar hasken rana don fitilu da firjin alluran rigakafi, da babur mai ƙafa uku na ɗaukar marasa lafiya cikin gaggawa.",
      challengeText:
        'No light at night, no running water in the labour room, and only one nurse for a catchment of 40,000 people.',
      challengeTextHa:
        "Babu fitila da dare, babu ruwan famfo a ɗakin haihuwa, kuma ma'aikaciyar jinya ɗaya kacal ce ke kula da mutane 40,000.",
      solutionText:
        '1. Renovate and equip the delivery room and ward.\n2. Install solar panels and batteries for round-the-clock power.\n3. Train and support four community midwives.\n4. Provide a tricycle ambulance for referrals.',
      solutionTextHa:
        "1. Gyara ɗakin haihuwa da ɗakin kwanciya, da samar musu da kayan aiki.\n2. Sanya faranti masu amfani da hasken rana da batura, domin a sami wutar lantarki dare da rana.\n3. Horarwa da tallafa wa ungozomomin al'umma huɗu.\n4. Samar da babur mai ƙafa uku don kai marasa lafiya babban asibiti.",
      impactText:
        'Skilled care at every birth in the unit, faster referrals for complications, and vaccines kept cold for the whole district.',
      impactTextHa:
        'Ƙwararriyar kulawa a kowace haihuwa a sashen, saurin kai mata masu matsala babban asibiti, da adana alluran rigakafi cikin sanyi ga dukkan gundumar.',
    },
    updates: [
      {
        daysAfterStart: 25,
        content: 'The local government has approved the plans and assigned two additional nurses.',
        contentHa: "Ƙaramar hukuma ta amince da tsare-tsaren, ta kuma tura ƙarin ma'aikatan jinya biyu.",
      },
      {
        daysAfterStart: 60,
        content: 'Solar panels are installed; the clinic has light at night for the first time.',
        contentHa: 'An sanya faranti masu amfani da hasken rana; asibitin yana da haske da dare a karon farko.',
      },
    ],
    scene: 'clinic',
    moods: ['day', 'morning', 'dusk'],
  },
  {
    title: 'School Meals for 1,200 Pupils in Sokoto',
    titleHa: 'Abincin makaranta ga ɗalibai 1,200 a Sakkwato',
    category: 'Feeding',
    location: 'Sokoto',
    startedDaysAgo: 52,
    runsForDays: 200,
    target: 8_400_000,
    amountRaised: 6_950_000,
    shortDescription: 'A hot, nutritious lunch every school day, cooked by local women with local grain.',
    shortDescriptionHa:
      'Abinci mai zafi mai gina jiki a kowace ranar makaranta, wanda matan yankin ke dafawa da hatsin yankin.',
    description:
      'Many children in Wamakko come to school hungry, and some stop coming at all during the lean season. A daily meal keeps them in class and able to learn. Meals are cooked by a cooperative of local women using millet, beans and vegetables bought from nearby farmers.',
    descriptionHa:
      'Yara da yawa a Wamakko suna zuwa makaranta da yunwa, wasu kuma kan daina zuwa gaba ɗaya a lokacin ƙarancin abinci. Abinci a kowace rana yana riƙe su a aji, kuma yana ba su damar koyo. Wata ƙungiyar mata ta yankin ce ke dafa abincin da gero, wake da kayan lambu da aka saya daga manoman da ke kusa.',
    impact: '1,200 children fed every school day',
    overview: {
      mainText: 'One meal costs about ₦350 and provides a third of a child’s daily needs.',
      mainTextHa:
        'Abinci ɗaya yana kai kusan ₦350, kuma yana ba wa yaro kashi ɗaya bisa uku na abin da jikinsa ke buƙata a rana.',
      challengeText: 'Attendance drops by a third between June and September, when household food stocks run out.',
      challengeTextHa:
        'Zuwan yara makaranta kan ragu da kashi ɗaya bisa uku tsakanin Yuni da Satumba, lokacin da abincin da iyalai suka ajiye ya ƙare.',
      solutionText:
        '1. Build a shaded kitchen with fuel-efficient stoves.\n2. Buy grain and vegetables from 40 local farmers.\n3. Pay a cooperative of 15 women to cook and serve.',
      solutionTextHa:
        '1. Gina madafa mai inuwa, da murhu masu rage amfani da itace.\n2. Sayen hatsi da kayan lambu daga manoma 40 na yankin.\n3. Biyan wata ƙungiyar mata 15 domin su dafa su kuma raba abincin.',
      impactText:
        'Steady attendance through the lean season, better concentration in class, and income for local farmers and cooks.',
      impactTextHa:
        'Yara za su ci gaba da zuwa makaranta a lokacin ƙarancin abinci, za su fi maida hankali a aji, kuma manoma da masu dafa abinci na yankin za su sami kuɗi.',
    },
    updates: [
      {
        daysAfterStart: 14,
        content: 'The kitchen shelter is up and the first 400 meals were served this week.',
        contentHa: 'An kafa rumfar madafar, kuma an raba abinci 400 na farko a wannan makon.',
      },
    ],
    scene: 'meal',
    moods: ['day', 'morning'],
  },
  {
    title: 'Emergency Relief for Displaced Families in Maiduguri',
    titleHa: "Agajin gaggawa ga iyalan 'yan gudun hijira a Maiduguri",
    category: 'Crises',
    location: 'Borno',
    startedDaysAgo: 28,
    runsForDays: 90,
    target: 30_000_000,
    amountRaised: 21_600_000,
    shortDescription: 'Shelter kits, food and clean water for 800 families who fled violence with nothing.',
    shortDescriptionHa:
      'Kayan matsuguni, abinci da ruwa mai tsafta ga iyalai 800 da suka gudu daga tashin hankali ba tare da komai ba.',
    description:
      'Renewed attacks have forced thousands of families into camps around Maiduguri. Many arrive with only what they could carry. We are distributing shelter kits, food baskets and hygiene supplies together with camp committees, and repairing water points.',
    descriptionHa:
      'Sabbin hare-hare sun tilasta wa dubban iyalai komawa sansanoni a kewayen Maiduguri. Da yawa sun iso da abin da suka iya ɗauka kawai. Tare da kwamitocin sansanonin, muna rabon kayan matsuguni, kayan abinci da kayan tsafta, kuma muna gyara wuraren samun ruwa.',
    impact: '800 families with shelter and food for three months',
    overview: {
      mainText:
        'Distribution lists are drawn up with camp leaders and women’s groups so that widows, the elderly and people with disabilities are served first.',
      mainTextHa:
        'Ana tsara jerin waɗanda za a ba tare da shugabannin sansani da ƙungiyoyin mata, domin a fara da zawarawa, tsofaffi da masu buƙata ta musamman.',
      challengeText: 'Families sleep in the open, food rations are irregular, and one tap serves hundreds of people.',
      challengeTextHa:
        'Iyalai suna kwana a sararin sama, rabon abinci ba ya zuwa a kan lokaci, kuma famfo ɗaya ne ke hidimar mutane ɗaruruwa.',
      solutionText:
        '1. Shelter kits: tarpaulins, poles, mats and blankets.\n2. Monthly food baskets of rice, beans, oil and salt.\n3. Hygiene kits and the repair of two water points.',
      solutionTextHa:
        '1. Kayan matsuguni: ledoji masu kauri, sanduna, tabarmi da barguna.\n2. Kayan abinci na kowane wata: shinkafa, wake, mai da gishiri.\n3. Kayan tsafta, da gyaran wuraren samun ruwa biyu.',
      impactText: 'Dignified shelter, three months of food security, and fewer outbreaks of disease in the camp.',
      impactTextHa: 'Matsuguni mai mutunci, wadatar abinci na watanni uku, da raguwar ɓarkewar cututtuka a sansanin.',
    },
    updates: [
      {
        daysAfterStart: 7,
        content: 'The first 250 shelter kits were handed out at Muna camp.',
        contentHa: 'An raba kayan matsuguni 250 na farko a sansanin Muna.',
      },
      {
        daysAfterStart: 21,
        content: 'Both water points are repaired; queues for water are down from hours to minutes.',
        contentHa: "An gyara wuraren samun ruwa biyu duka; jiran ruwa ya ragu daga awowi zuwa 'yan mintoci.",
      },
    ],
    scene: 'camp',
    moods: ['day', 'harmattan', 'dusk'],
  },
  {
    title: 'Footbridge for Farmers in Numan',
    titleHa: 'Gadar ƙafa ga manoma a Numan',
    category: 'Infrastructure',
    location: 'Adamawa',
    startedDaysAgo: 9,
    runsForDays: 240,
    target: 22_000_000,
    amountRaised: 3_850_000,
    shortDescription:
      'A safe crossing over the river so farmers reach their fields and children reach school all year.',
    shortDescriptionHa:
      'Hanya mai aminci ta ƙetare kogi, domin manoma su isa gonakinsu, yara kuma su isa makaranta duk shekara.',
    description:
      'Every rainy season the river cuts three farming villages near Numan off from the market, the clinic and the secondary school. People cross in overloaded canoes, and lives have been lost. We are building a 90-metre suspended footbridge with the communities.',
    descriptionHa:
      "A kowace damina kogin kan raba ƙauyukan manoma uku da ke kusa da Numan da kasuwa, asibiti da makarantar sakandare. Mutane suna ƙetarewa a cikin kwale-kwale da aka ɗora wa fiye da kima, kuma an rasa rayuka. Tare da al'ummomin, muna gina gadar ƙafa mai rataye, mai tsawon mita 90.",
    impact: '9,000 people connected to market, clinic and school',
    overview: {
      mainText:
        'The bridge design is proven across the region: steel cables, concrete anchors above flood level and a deck wide enough for motorcycles and carts.',
      mainTextHa:
        'An gwada irin wannan gada a faɗin yankin: igiyoyin ƙarfe, turakun siminti sama da inda ambaliya ke kaiwa, da shimfiɗa mai faɗin da babura da amalanke za su iya wucewa.',
      challengeText:
        'For four months a year the only crossing is by canoe. Harvests rot before they reach the market and pupils miss a term of school.',
      challengeTextHa:
        'Tsawon watanni huɗu a shekara, kwale-kwale ne kaɗai hanyar ƙetarewa. Amfanin gona kan ruɓe kafin ya kai kasuwa, kuma ɗalibai kan rasa zangon karatu guda.',
      solutionText:
        '1. Survey the crossing and set the anchors above the highest flood mark.\n2. Build the towers and string the cables with a trained local crew.\n3. Lay the deck and hand the bridge to a maintenance committee.',
      solutionTextHa:
        "1. Binciken wurin ƙetarewa, da kafa turaku sama da inda ambaliya mafi girma ke kaiwa.\n2. Gina hasumiyoyi da ɗaura igiyoyin tare da ma'aikatan yankin da aka horar.\n3. Shimfiɗa hanyar gadar, da miƙa ta ga kwamitin da zai kula da ita.",
      impactText: 'A safe crossing in every season, better prices for farm produce, and children in school all year.',
      impactTextHa:
        'Ƙetarewa cikin aminci a kowane yanayi, farashi mafi kyau ga amfanin gona, da yara a makaranta duk shekara.',
    },
    updates: [
      {
        daysAfterStart: 5,
        content: 'Engineers have surveyed the crossing and marked the anchor sites with the village heads.',
        contentHa:
          'Injiniyoyi sun binciki wurin ƙetarewa, kuma sun yi alama a wuraren turakun tare da dagatan ƙauyukan.',
      },
    ],
    scene: 'bridge',
    moods: ['day', 'morning', 'dusk'],
  },
];
