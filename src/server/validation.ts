import type { Context, Env, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { AppError } from './errors'
import { requestHeader } from './node-http'

export function validationError(error: { issues: z.core.$ZodIssue[] }): AppError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
  return new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', issues)
}

type Target = 'json' | 'param' | 'query'

/** Hono's rule: a body is JSON when its media type says so; any other body validates as `{}`. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * What Hono's validator reads for each target, but the Content-Type from Node's request: Hono's
 * reads it through the WHATWG `Headers` that @hono/node-server then builds for every validated
 * request (docs/performance.md, figure 2).
 */
async function inputOf(c: Context, target: Target): Promise<unknown> {
  switch (target) {
    case 'json': {
      const mediaType = requestHeader(c, 'content-type')?.split(';')[0]!.trim() ?? ''
      if (!JSON_MEDIA_TYPE.test(mediaType)) return {}
      try {
        return (await c.req.json()) as unknown
      } catch {
        throw new HTTPException(400, { message: 'Malformed JSON in request body' })
      }
    }
    case 'param':
      return c.req.param()
    case 'query':
      return Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]))
  }
}

type Validated<T extends Target, Schema extends z.core.$ZodType> = {
  in: { [K in T]: z.core.input<Schema> }
  out: { [K in T]: z.core.output<Schema> }
}

/** A route's input checked against its schema (`c.req.valid(target)`); bad input is the one error shape. */
export const validate =
  <T extends Target, Schema extends z.core.$ZodType, E extends Env = Env, P extends string = string>(
    target: T,
    schema: Schema,
  ): MiddlewareHandler<E, P, Validated<T, Schema>> =>
  async (c, next) => {
    const result = await z.safeParseAsync(schema, await inputOf(c, target))
    if (!result.success) throw validationError(result.error)
    c.req.addValidatedData(target, result.data as object)
    await next()
  }
