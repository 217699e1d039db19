/**
 * The demo campaigns: one per category, across the northern states, some short of their target and
 * one past it. Dates are relative (days before the seed runs) so the dashboard always has recent
 * months to compare.
 */
import type { CampaignCategory, CampaignLocation } from '../../shared/constants';
import type { Mood, Scene } from './demo-images';

export interface DemoCampaign {
  title: string;
  category: CampaignCategory;
  location: CampaignLocation;
  /** When the campaign was created, in days before the seed runs. */
  startedDaysAgo: number;
  /** Days after the start; endDate is left empty when undefined. */
  runsForDays?: number;
  target: number;
  amountRaised: number;
  shortDescription: string;
  description: string;
  impact: string;
  overview: { mainText: string; challengeText: string; solutionText: string; impactText: string };
  /** Progress notes, each dated some days after the start. */
  updates: { daysAfterStart: number; content: string }[];
  scene: Scene;
  /** The main image's light, then one gallery image per further mood. */
  moods: [Mood, ...Mood[]];
}

export const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  {
    title: 'Solar Boreholes for Hadejia Villages',
    category: 'Water',
    location: 'Jigawa',
    startedDaysAgo: 140,
    runsForDays: 120,
    target: 12_500_000,
    amountRaised: 13_180_000,
    shortDescription: 'Four solar-powered boreholes so 6,000 people no longer walk hours for water.',
    description:
      'In the villages around Hadejia, women and children walk up to three hours a day to fetch water from open ponds shared with cattle. Cholera and typhoid follow every rainy season. Together with the communities we are drilling four solar-powered boreholes with storage tanks and public taps.',
    impact: '6,000 people with safe water within 500 metres of home',
    overview: {
      mainText:
        'Each borehole is drilled to the deep aquifer, fitted with a solar pump and a 10,000-litre tank, and handed to a water committee chosen by the village.',
      challengeText:
        'The shallow wells dry up from February to May, and the ponds that remain carry water-borne disease. Girls miss school to fetch water.',
      solutionText:
        '1. Survey the aquifer and drill four boreholes of 60 to 80 metres.\n2. Install solar pumps, elevated tanks and six-tap stands.\n3. Train a water committee in each village to collect a small fee and keep the pumps running.',
      impactText:
        'Clean water close to home for 6,000 people, fewer cases of diarrhoea in children under five, and more girls in class in the dry season.',
    },
    updates: [
      {
        daysAfterStart: 20,
        content: 'The hydrogeological survey is complete; all four sites have good water at 70 metres.',
      },
      {
        daysAfterStart: 75,
        content:
          'Three boreholes are drilled and pumping. The community in Kirikasamma dug the trench for the pipes themselves.',
      },
      {
        daysAfterStart: 118,
        content: 'Target passed! The extra funds will pay for a fifth tap stand at the primary school.',
      },
    ],
    scene: 'well',
    moods: ['day', 'morning', 'harmattan'],
  },
  {
    title: 'Rebuild Classrooms at Gwale Primary School',
    category: 'Education',
    location: 'Kano',
    startedDaysAgo: 105,
    runsForDays: 180,
    target: 18_000_000,
    amountRaised: 11_250_000,
    shortDescription: 'Six safe classrooms, desks and a library corner for 900 pupils who now learn under trees.',
    description:
      'A windstorm tore the roof off two blocks at Gwale Primary School. Since then more than 900 pupils share three classrooms or sit under neem trees, and lessons stop whenever it rains. We are rebuilding six classrooms with the school-based management committee.',
    impact: '900 pupils learning in safe classrooms',
    overview: {
      mainText:
        'The new blocks use locally made interlocking bricks, steel roof trusses rated for storms, and large windows for light and air.',
      challengeText:
        'Classes of over 150 pupils, no desks for the youngest, and no lessons at all on rainy days. Parents have started keeping daughters at home.',
      solutionText:
        '1. Rebuild two blocks of three classrooms each.\n2. Furnish them with 300 two-seater desks made by local carpenters.\n3. Set up a library corner with 1,500 books in Hausa and English.',
      impactText:
        'Class sizes fall to about 50, lessons continue through the rainy season, and local artisans earn from the building work.',
    },
    updates: [
      {
        daysAfterStart: 30,
        content: 'Foundations for the first block are laid; the community provided sand and labour.',
      },
      {
        daysAfterStart: 90,
        content: 'The first block is roofed. Desks are being made at the Dala carpentry cooperative.',
      },
    ],
    scene: 'classroom',
    moods: ['day', 'morning', 'dusk'],
  },
  {
    title: 'Maternal Care Unit in Daura',
    category: 'Health',
    location: 'Katsina',
    startedDaysAgo: 80,
    target: 25_000_000,
    amountRaised: 9_400_000,
    shortDescription: 'A solar-powered maternity ward with a trained midwife team for 30 surrounding villages.',
    description:
      'Most women in the villages around Daura give birth at home without a skilled attendant, and the nearest theatre is two hours away on bad roads. We are equipping a maternal care unit at the primary health centre and training midwives to staff it day and night.',
    impact: '1,200 safe deliveries a year',
    overview: {
      mainText:
        'The unit adds a delivery room, a six-bed ward, a solar power system for light and the vaccine fridge, and an emergency tricycle ambulance.',
      challengeText:
        'No light at night, no running water in the labour room, and only one nurse for a catchment of 40,000 people.',
      solutionText:
        '1. Renovate and equip the delivery room and ward.\n2. Install solar panels and batteries for round-the-clock power.\n3. Train and support four community midwives.\n4. Provide a tricycle ambulance for referrals.',
      impactText:
        'Skilled care at every birth in the unit, faster referrals for complications, and vaccines kept cold for the whole district.',
    },
    updates: [
      {
        daysAfterStart: 25,
        content: 'The local government has approved the plans and assigned two additional nurses.',
      },
      { daysAfterStart: 60, content: 'Solar panels are installed; the clinic has light at night for the first time.' },
    ],
    scene: 'clinic',
    moods: ['day', 'morning', 'dusk'],
  },
  {
    title: 'School Meals for 1,200 Pupils in Sokoto',
    category: 'Feeding',
    location: 'Sokoto',
    startedDaysAgo: 52,
    runsForDays: 200,
    target: 8_400_000,
    amountRaised: 6_950_000,
    shortDescription: 'A hot, nutritious lunch every school day, cooked by local women with local grain.',
    description:
      'Many children in Wamakko come to school hungry, and some stop coming at all during the lean season. A daily meal keeps them in class and able to learn. Meals are cooked by a cooperative of local women using millet, beans and vegetables bought from nearby farmers.',
    impact: '1,200 children fed every school day',
    overview: {
      mainText: 'One meal costs about ₦350 and provides a third of a child’s daily needs.',
      challengeText: 'Attendance drops by a third between June and September, when household food stocks run out.',
      solutionText:
        '1. Build a shaded kitchen with fuel-efficient stoves.\n2. Buy grain and vegetables from 40 local farmers.\n3. Pay a cooperative of 15 women to cook and serve.',
      impactText:
        'Steady attendance through the lean season, better concentration in class, and income for local farmers and cooks.',
    },
    updates: [
      { daysAfterStart: 14, content: 'The kitchen shelter is up and the first 400 meals were served this week.' },
    ],
    scene: 'meal',
    moods: ['day', 'morning'],
  },
  {
    title: 'Emergency Relief for Displaced Families in Maiduguri',
    category: 'Crises',
    location: 'Borno',
    startedDaysAgo: 28,
    runsForDays: 90,
    target: 30_000_000,
    amountRaised: 21_600_000,
    shortDescription: 'Shelter kits, food and clean water for 800 families who fled violence with nothing.',
    description:
      'Renewed attacks have forced thousands of families into camps around Maiduguri. Many arrive with only what they could carry. We are distributing shelter kits, food baskets and hygiene supplies together with camp committees, and repairing water points.',
    impact: '800 families with shelter and food for three months',
    overview: {
      mainText:
        'Distribution lists are drawn up with camp leaders and women’s groups so that widows, the elderly and people with disabilities are served first.',
      challengeText: 'Families sleep in the open, food rations are irregular, and one tap serves hundreds of people.',
      solutionText:
        '1. Shelter kits: tarpaulins, poles, mats and blankets.\n2. Monthly food baskets of rice, beans, oil and salt.\n3. Hygiene kits and the repair of two water points.',
      impactText: 'Dignified shelter, three months of food security, and fewer outbreaks of disease in the camp.',
    },
    updates: [
      { daysAfterStart: 7, content: 'The first 250 shelter kits were handed out at Muna camp.' },
      {
        daysAfterStart: 21,
        content: 'Both water points are repaired; queues for water are down from hours to minutes.',
      },
    ],
    scene: 'camp',
    moods: ['day', 'harmattan', 'dusk'],
  },
  {
    title: 'Footbridge for Farmers in Numan',
    category: 'Infrastructure',
    location: 'Adamawa',
    startedDaysAgo: 9,
    runsForDays: 240,
    target: 22_000_000,
    amountRaised: 3_850_000,
    shortDescription:
      'A safe crossing over the river so farmers reach their fields and children reach school all year.',
    description:
      'Every rainy season the river cuts three farming villages near Numan off from the market, the clinic and the secondary school. People cross in overloaded canoes, and lives have been lost. We are building a 90-metre suspended footbridge with the communities.',
    impact: '9,000 people connected to market, clinic and school',
    overview: {
      mainText:
        'The bridge design is proven across the region: steel cables, concrete anchors above flood level and a deck wide enough for motorcycles and carts.',
      challengeText:
        'For four months a year the only crossing is by canoe. Harvests rot before they reach the market and pupils miss a term of school.',
      solutionText:
        '1. Survey the crossing and set the anchors above the highest flood mark.\n2. Build the towers and string the cables with a trained local crew.\n3. Lay the deck and hand the bridge to a maintenance committee.',
      impactText: 'A safe crossing in every season, better prices for farm produce, and children in school all year.',
    },
    updates: [
      {
        daysAfterStart: 5,
        content: 'Engineers have surveyed the crossing and marked the anchor sites with the village heads.',
      },
    ],
    scene: 'bridge',
    moods: ['day', 'morning', 'dusk'],
  },
];
