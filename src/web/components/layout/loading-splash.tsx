import { Spinner } from "../ui/spinner";
import { BrandMark } from "./brand";

/** Centred splash while the session loads (specification 1, 2.1 rule 1). */
export function LoadingSplash() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-slate-50">
      <BrandMark className="size-14" />
      <Spinner label="Loading StepRace" />
    </div>
  );
}

/** Smaller in-page fallback while a lazily loaded screen arrives. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
