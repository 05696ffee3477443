// What other features use of ads: the slots pages show (one component, by placement).
export { AdSlot } from "./components/ad-slot";
export { withAdBetween } from "./components/between-content";
