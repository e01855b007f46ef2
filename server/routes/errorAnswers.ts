import { errorBodySchema } from '../../contract/error';

type ErrorBody = typeof errorBodySchema;

/**
 * The failing answers a route may give, for its response schema (and so the OpenAPI document):
 * `errorAnswers(400, 404)` is `{ 400: errorBodySchema, 404: errorBodySchema }`.
 */
export function errorAnswers<const S extends readonly number[]>(...statuses: S): { [K in S[number]]: ErrorBody } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as { [K in S[number]]: ErrorBody };
}
