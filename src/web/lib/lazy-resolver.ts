import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver whose code (zod and the schema) is fetched at the form's first validation
 * rather than with the page, so a screen on the first load (login) paints without it. Resolvers
 * are asynchronous anyway: validation waits for the fetch, then runs as before. A failed fetch is
 * tried again at the next validation.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  let pending: Promise<Resolver<Input, Context, Output>> | undefined;
  return async (values, context, options) => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    const resolver = await pending;
    return resolver(values, context, options);
  };
}
