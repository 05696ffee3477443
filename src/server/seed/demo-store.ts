import { adBodySchema } from "../../core/schemas/ads";
import { type ProductBodyInput, productBodySchema } from "../../core/schemas/store";
import type { AppContext } from "../context";
import * as ads from "../features/ads/ads.service";
import * as store from "../features/store/store.service";
import { viewerOf } from "./demo-clock";

/** Affiliate links of the demo: a shop that does not exist, tagged with the app's referral. */
const link = (slug: string) => `https://shop.example.com/${slug}?ref=steprace`;

/** Product images are served by the app itself (public/store), so the demo looks right offline. */
const PRODUCTS: ProductBodyInput[] = [
  {
    name: "Trail Runner 3",
    brand: "Stride",
    description: "A light trail shoe with a grippy outsole and a rock plate for long weekend walks.",
    price: "129.99",
    category: "shoes",
    featured: true,
    rating: 4.7,
    reviewCount: 1284,
    imageUrl: "/store/stride-trail-runner.svg",
    affiliateLink: link("stride-trail-runner"),
  },
  {
    name: "Road Glide",
    brand: "Pace",
    description: "Cushioned daily trainer for city miles; breathable knit upper.",
    price: "109.00",
    category: "shoes",
    rating: 4.4,
    reviewCount: 532,
    imageUrl: "/store/pace-road-glide.svg",
    affiliateLink: link("pace-road-glide"),
  },
  {
    name: "CloudWalk Daily",
    brand: "Nimbus",
    description: "A walking shoe with a rocker sole that rolls you into the next step.",
    price: "94.50",
    category: "shoes",
    rating: 4.1,
    reviewCount: 211,
    imageUrl: "/store/cloudwalk-daily.svg",
    affiliateLink: link("cloudwalk-daily"),
  },
  {
    name: "Aero Tee",
    brand: "Motion Labs",
    description: "Quick-drying running tee with reflective details for early starts.",
    price: "32.00",
    category: "clothing",
    featured: true,
    rating: 4.6,
    reviewCount: 389,
    imageUrl: "/store/aero-tee.svg",
    affiliateLink: link("aero-tee"),
  },
  {
    name: "Motion Leggings",
    brand: "Motion Labs",
    description: "High-waisted leggings with a phone pocket that keeps your step counter steady.",
    price: "68.00",
    category: "clothing",
    rating: 4.8,
    reviewCount: 947,
    imageUrl: "/store/motion-leggings.svg",
    affiliateLink: link("motion-leggings"),
  },
  {
    name: "Storm Shell Jacket",
    brand: "Northline",
    description: "Packable waterproof shell, so rain never ends a streak.",
    price: "149.00",
    category: "clothing",
    rating: 4.3,
    reviewCount: 164,
    imageUrl: "/store/storm-shell-jacket.svg",
    affiliateLink: link("storm-shell-jacket"),
  },
  {
    name: "Adjustable Dumbbells",
    brand: "IronCore",
    description: "A pair from 2 to 24 kg with a quick-turn dial; strength for rest days.",
    price: "299.00",
    category: "equipment",
    rating: 4.5,
    reviewCount: 702,
    imageUrl: "/store/adjustable-dumbbells.svg",
    affiliateLink: link("adjustable-dumbbells"),
  },
  {
    name: "Resistance Band Set",
    brand: "FlexFit",
    description: "Five bands from light to extra heavy, with handles and a door anchor.",
    price: "24.99",
    category: "equipment",
    reviewCount: 0,
    imageUrl: "/store/resistance-bands.svg",
    affiliateLink: link("resistance-bands"),
  },
  {
    name: "Electrolyte Mix",
    brand: "Hydra",
    description: "Sugar-free electrolyte sticks for hot-day walks, 30 servings.",
    price: "19.99",
    category: "supplements",
    rating: 4.2,
    reviewCount: 98,
    imageUrl: "/store/electrolyte-mix.svg",
    affiliateLink: link("electrolyte-mix"),
  },
  {
    name: "Plant Protein",
    brand: "Green Stride",
    description: "Pea and rice protein, vanilla, 25 g per scoop.",
    price: "39.95",
    category: "supplements",
    rating: 3.9,
    reviewCount: 57,
    imageUrl: "/store/plant-protein.svg",
    affiliateLink: link("plant-protein"),
  },
  {
    name: "Step Tracker Watch",
    brand: "Pulse",
    description: "A light fitness watch with heart rate, GPS and a week of battery.",
    price: "199.00",
    category: "accessories",
    featured: true,
    rating: 4.6,
    reviewCount: 2310,
    imageUrl: "/store/step-tracker-watch.svg",
    affiliateLink: link("step-tracker-watch"),
  },
  {
    name: "Insulated Bottle",
    brand: "Hydra",
    description: "750 ml steel bottle that keeps water cold for 24 hours.",
    price: "29.00",
    category: "accessories",
    rating: 4.9,
    reviewCount: 1876,
    imageUrl: "/store/insulated-bottle.svg",
    affiliateLink: link("insulated-bottle"),
  },
];

const ADS = [
  {
    title: "Summer Step Challenge",
    content: "Walk 300,000 steps this month and share a 1,000 FitCoin pool.",
    imageUrl: "/ads/summer-step-challenge.svg",
    linkUrl: link("summer-step-challenge"),
    priority: 10,
  },
  {
    title: "Trail Gear Sale",
    content: "30% off trail shoes and shells at Stride this week.",
    imageUrl: "/ads/trail-gear-sale.svg",
    linkUrl: link("trail-gear-sale"),
    priority: 5,
  },
  {
    title: "Hydration Week",
    content: "Free bottle with any Hydra electrolyte order.",
    imageUrl: "/ads/hydration-week.svg",
    linkUrl: link("hydration-week"),
    priority: 1,
  },
];

/** The gear store's catalogue (three featured) and three dashboard ads, made by the demo admin. */
export async function seedStore(ctx: AppContext) {
  const admin = await viewerOf(ctx, "admin");
  for (const product of PRODUCTS) await store.create(ctx, admin, productBodySchema.parse(product));
  for (const ad of ADS) await ads.create(ctx, admin, adBodySchema.parse({ ...ad, placement: "dashboard" }));
}
