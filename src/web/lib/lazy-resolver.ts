import type { FieldValues, Resolver } from "react-hook-form";
import { loadOnce } from "./load-once";

/**
 * A form resolver whose code (zod and the schema) is fetched at the form's first validation
 * rather than with the page, so a screen on the first load (login) paints without it. Resolvers
 * are asynchronous anyway: validation waits for the fetch, then runs as before. A failed fetch is
 * tried again at the next validation.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  const resolverOnce = loadOnce(load);
  return async (values, context, options) => {
    const resolver = await resolverOnce();
    return resolver(values, context, options);
  };
}
