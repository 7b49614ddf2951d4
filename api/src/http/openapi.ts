import type { SwaggerTransformObject } from '@fastify/swagger';
import { appErrorCodes, zValidationErrorItem } from '@luz/shared/contract';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { AuthGuard } from './auth-guard';

/**
 * Completes the OpenAPI document that @fastify/swagger derives from the routes' zod schemas with
 * what those schemas cannot say: each operation's id, the error answers its guard and its inputs
 * can give (with their `{detail}` shapes), `security: []` on public operations, and the content
 * types of file answers. Route facts are recorded as the routes are added (`record`, an onRoute
 * hook) and applied when the document is built (`complete`, swagger's `transformObject`).
 */

type Guard = 'public' | 'user' | 'account' | 'superuser';
type RouteFacts = {
  /** The contract's name for it: the operation id. */
  operation: string;
  guard: Guard;
  hasInput: boolean;
  hasPathParams: boolean;
  rateLimited: boolean;
  produces: string[] | null;
};

type Operation = {
  operationId?: string;
  security?: unknown[];
  responses?: Record<string, { description: string; content?: Record<string, unknown> }>;
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Why each error answer happens, as the document says it. */
const errorAnswers = {
  '401': 'Sin token, o un token inválido, expirado, revocado o de una sesión cerrada.',
  '402': 'La suscripción del usuario no da acceso (spec §4); los superusuarios siempre pasan.',
  '403': 'Usuario inactivo, sin privilegios, o un token de API que no puede hacer esto.',
  '404': 'No existe, o es de otro usuario (no se revela cuál).',
  '422': 'Entrada inválida: `detail` lista cada campo con su error.',
  '428': 'Primero hay que cambiar la contraseña temporal.',
  '429': 'Demasiadas solicitudes; `Retry-After` dice cuántos segundos esperar.',
} as const;

const zodPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const detailSchema = { $ref: '#/components/schemas/ErrorDetail' };
const validationSchema = { $ref: '#/components/schemas/ValidationErrorDetail' };

/** A 422 item as the contract declares it (`ctx` carries the limits a client words the error with). */
const { $schema: _, ...validationItemSchema } = z.toJSONSchema(zValidationErrorItem);

export function openApiCompletion(auth: AuthGuard, prefix: string) {
  const facts = new Map<string, RouteFacts>();

  function guardOf(onRequest: RouteOptions['onRequest']): Guard {
    const hooks = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
    if (hooks.includes(auth.superuser)) return 'superuser';
    if (hooks.includes(auth.account)) return 'account';
    if (hooks.includes(auth.user)) return 'user';
    return 'public';
  }

  function record(route: RouteOptions) {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    if (!route.url.startsWith(prefix) || schema.hide) return;
    const routeMethods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as Record<string, unknown>;
    // The wire contract is the table of operations: a route outside it would be a drift.
    if (!config.operation)
      throw new Error(
        `${routeMethods.join(',')} ${route.url} is not in the contract's operations (shared/src/contract/operations.ts): register it with operationRoute`,
      );
    for (const method of routeMethods) {
      facts.set(`${method.toLowerCase()} ${zodPath(route.url)}`, {
        operation: config.operation as string,
        guard: guardOf(route.onRequest),
        hasInput: Boolean(schema.body || schema.querystring || schema.params),
        hasPathParams: route.url.includes(':'),
        rateLimited: Boolean(config.rateLimit || route.preHandler),
        produces: Array.isArray(schema.produces) ? (schema.produces as string[]) : null,
      });
    }
  }

  function errorResponses(
    route: RouteFacts,
  ): Record<string, { description: string; content: Record<string, unknown> }> {
    const codes: (keyof typeof errorAnswers)[] = [];
    if (route.guard !== 'public') codes.push('401', '403', '429');
    if (route.guard === 'user') codes.push('402', '428');
    if (route.guard === 'superuser') codes.push('428');
    if (route.guard === 'public' && route.rateLimited) codes.push('429');
    if (route.hasPathParams) codes.push('404');
    if (route.hasInput) codes.push('422');
    return Object.fromEntries(
      codes.map((code) => [
        code,
        {
          description: errorAnswers[code],
          content: { 'application/json': { schema: code === '422' ? validationSchema : detailSchema } },
        },
      ]),
    );
  }

  const complete: SwaggerTransformObject = (input) => {
    if (!('openapiObject' in input)) return input.swaggerObject;
    const document = input.openapiObject as Document;
    document.components = {
      ...document.components,
      schemas: {
        ...document.components?.schemas,
        ErrorDetail: {
          type: 'object',
          required: ['detail'],
          properties: {
            detail: { type: 'string', examples: ['Servicio no encontrado'] },
            code: {
              type: 'string',
              enum: [...appErrorCodes],
              description: 'Qué falló, para programas (el `detail` es para personas).',
              examples: ['not_found'],
            },
          },
        },
        ValidationErrorDetail: {
          type: 'object',
          required: ['detail'],
          properties: {
            detail: { type: 'array', items: validationItemSchema },
          },
        },
      },
    };
    for (const [path, operations] of Object.entries(document.paths ?? {})) {
      for (const method of methods) {
        const operation = operations[method];
        const route = facts.get(`${method} ${path}`);
        if (!operation || !route) continue;
        // Named after the contract's operation, as the SDK calls it (`listRpus`, `updateRpu`).
        operation.operationId ??= route.operation;
        if (route.guard === 'public') operation.security = [];
        const responses = { ...operation.responses, ...errorResponses(route) };
        operation.responses = responses;
        const ok = responses['200'];
        if (route.produces && ok && !ok.content) {
          ok.description = 'El archivo';
          ok.content = Object.fromEntries(
            route.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          );
        }
      }
    }
    return document as typeof input.openapiObject;
  };

  return { record, complete };
}
