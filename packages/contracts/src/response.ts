import { z } from "zod";

/**
 * Every successful answer of the API is `{"data": …}` (DESIGN.md "Responses"). A call's
 * response schema is the whole body, so the API checks, the OpenAPI document publishes and
 * the SDK parses one and the same schema.
 */
export const dataResponse = <T extends z.ZodType>(data: T) => z.object({ data });

/** What a call's declared response schema must look like. */
export type DataResponseSchema = z.ZodType<{ data: unknown }>;
