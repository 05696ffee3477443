// What other features use of ads: the slot the dashboards show.
export { AdSlot } from "./components/ad-slot";
