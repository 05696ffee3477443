import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

// The app's zod serializer (every answer checked against its route's schema, then JSON), for
// answers made of what many requests share: what was encoded is remembered by its identity, so a
// shared value is checked and encoded once, not once per request. The shared values are never
// changed once made (a new version is a new value).

type Route = { schema: unknown; method: string; url: string; httpStatus?: string };
type Serialize = (data: unknown) => string;

const compile = (route: Route, schema: unknown = route.schema): Serialize =>
  serializerCompiler({ ...route, schema } as Parameters<typeof serializerCompiler>[0]);

/** `serialize`, remembered per object it was given (other values each time). */
function remembered(serialize: Serialize): Serialize {
  const encoded = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== "object" || data === null) return serialize(data);
    let text = encoded.get(data);
    if (text === undefined) {
      text = serialize(data);
      encoded.set(data, text);
    }
    return text;
  };
}

/** For a route whose whole answer is shared (the chat poll's one array per room version). */
export const sharedAnswerSerializer = (route: Route): Serialize => remembered(compile(route));

/**
 * For a route whose answer (an object) holds one shared field, `field` (a group page's members: one
 * array per group and members' version): the rest is checked and encoded per answer, the field
 * once per value, and put after the rest. Answers of other statuses as usual.
 */
export const sharedFieldSerializer =
  (field: string) =>
  (route: Route): Serialize => {
    const schema = route.schema;
    const whole = compile(route);
    if (!(schema instanceof z.ZodObject) || !(field in schema.shape)) return whole;
    const rest = compile(route, schema.omit({ [field]: true } as Record<string, true>));
    const shared = remembered(compile(route, schema.shape[field]));
    return (data) => {
      if (typeof data !== "object" || data === null || !(field in data)) return whole(data);
      const { [field]: value, ...others } = data as Record<string, unknown>;
      const head = rest(others);
      return `${head.slice(0, -1)}${head === "{}" ? "" : ","}${JSON.stringify(field)}:${shared(value)}}`;
    };
  };
