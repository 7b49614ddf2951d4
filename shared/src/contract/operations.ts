import { z } from 'zod';
import {
  zAdminApiToken,
  zAdminApiTokenQuery,
  zApiToken,
  zApiTokenCreate,
  zApiTokenParams,
  zApiTokenWithSecret,
} from './api-tokens';
import { zAttentionItem } from './attention';
import { zLoginForm, zNewPassword, zToken } from './auth';
import {
  zChargebeeEvent,
  zCheckout,
  zCheckoutRequest,
  zConfirmSubscription,
  zEventOutcome,
  zLocalSubscriptionAction,
} from './billing';
import { zId, zMessage, zPage, zPageQuery } from './common';
import {
  zCaptchaAnswer,
  zCaptchaChallenge,
  zCredential,
  zCredentialCreate,
  zCredentialUpdate,
  zPortalConnection,
} from './credentials';
import { zPayment, zPaymentHistoryCsvRequest, zPaymentIds } from './payment-history';
import {
  zMediaFileQuery,
  zPeriod,
  zPeriodIds,
  zPeriodsCsvRequest,
  zPeriodsQuery,
  zPeriodsSeries,
  zPeriodsSeriesQuery,
  zPeriodsZipRequest,
  zTaskAssociationPeriodsParams,
} from './periods';
import {
  MAX_IMPORT_ROWS,
  zAffected,
  zRpu,
  zRpuAdmin,
  zRpuBulkCreate,
  zRpuBulkCreateResponse,
  zRpuBulkUpdate,
  zRpuComplete,
  zRpuCreate,
  zRpuCsvRequest,
  zRpuEmailNotifications,
  zRpuIds,
  zRpuLink,
  zRpuSummary,
  zRpusAdminQuery,
  zRpusQuery,
  zRpuUpdate,
} from './rpus';
import {
  zCredentialSyncRequest,
  zRpuSyncRequest,
  zTask,
  zTaskAssociation,
  zTaskList,
  zTaskLog,
  zTaskLogDetail,
  zTaskLogsBulkUpdate,
  zTaskLogsQuery,
  zTaskRetry,
  zTaskStats,
  zTaskStatsQuery,
  zTasksQuery,
} from './tasks';
import {
  zEmail,
  zTemporalPassword,
  zTemporalPasswordForm,
  zUpdatePassword,
  zUserPublic,
  zUserRegister,
  zUsersQuery,
  zUserUpdate,
  zUserUpdateMe,
} from './users';
import {
  zWebhook,
  zWebhookCreate,
  zWebhookDelivery,
  zWebhookParams,
  zWebhookUpdate,
  zWebhookUpdated,
  zWebhookWithSecret,
} from './webhooks';
import { lazySchema } from './zod-in-browser';

/**
 * The wire contract's operations (issue 19): for each one its method, path (under /api/v1, path
 * parameters as `:name`), who may call it, its inputs and its answers. The API registers its
 * routes from this table (api/src/http/operation-route.ts), the SDK makes its calls from it
 * (shared/src/api/call.ts) and the OpenAPI document is generated from the routes; a test fails when
 * an API route or an SDK call is not here, or the other way round (api/src/http/operations.test.ts).
 *
 * `access`: `public` (no token), `account` (any signed-in user, subscribed or not: the account,
 * password and billing), `user` (a signed-in user whose subscription gives access, spec §4) or
 * `superuser`. `sessionOnly`: an API token is refused (the tokens themselves).
 * Error answers follow from these facts (401/402/403/428/429, 404 with path parameters, 422 with
 * inputs) and are described once, in the OpenAPI completion.
 */
export type OperationAccess = 'public' | 'account' | 'user' | 'superuser';

export type OperationSpec = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `/${string}`;
  access: OperationAccess;
  sessionOnly?: true;
  /** A POST that only reads (an export): a read-only API token may call it. */
  readsOnly?: true;
  tags: readonly string[];
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer's schema by status; a file answer has `produces` instead. */
  responses?: { readonly 200?: z.ZodType; readonly 202?: z.ZodType };
  produces?: readonly string[];
  /** Why the front end never calls it (a load balancer's, a provider's or API clients' operation). */
  notFromFrontEnd?: string;
  /** Registered only with this billing provider (BILLING_PROVIDER). */
  billingProvider?: 'chargebee' | 'local';
  /** Body types other than JSON (the OAuth2 password form). */
  consumes?: readonly string[];
};

export const zRpuParams = lazySchema(() => z.object({ rpu_id: zId }));
export const zCredentialParams = lazySchema(() => z.object({ credential_id: zId }));
export const zCredentialRpuParams = lazySchema(() => z.object({ credential_id: zId, rpu_id: zId }));
export const zUserParams = lazySchema(() => z.object({ user_id: zId }));
export const zTaskParams = lazySchema(() => z.object({ task_id: zId }));
export const zEmailParams = lazySchema(() => z.object({ email: zEmail }));
export const zServiceNumberParams = lazySchema(() => z.object({ service_number: z.string().max(64) }));
export const zLocalSubscriptionParams = lazySchema(() => z.object({ action: zLocalSubscriptionAction }));
export const zHealth = lazySchema(() => z.object({ status: z.literal('ok') }));

export const operations = {
  listApiTokens: {
    method: 'GET',
    path: '/api-tokens/',
    access: 'user',
    sessionOnly: true,
    tags: ['api-tokens'],
    summary: 'Tus tokens de API (sin el token: solo se muestra al crearlo)',
    query: zPageQuery,
    responses: { 200: zPage(zApiToken) },
  },
  createApiToken: {
    method: 'POST',
    path: '/api-tokens/',
    access: 'user',
    sessionOnly: true,
    tags: ['api-tokens'],
    summary:
      'Crea un token de API (read: solo lectura; full: todo salvo cuenta, contraseña, suscripción y tokens). La respuesta trae el token: es la única vez que se muestra.',
    body: zApiTokenCreate,
    responses: { 200: zApiTokenWithSecret },
  },
  revokeApiToken: {
    method: 'DELETE',
    path: '/api-tokens/:token_id',
    access: 'user',
    sessionOnly: true,
    tags: ['api-tokens'],
    summary: 'Revoca un token de API al instante (un superusuario, el de cualquier usuario)',
    params: zApiTokenParams,
    responses: { 200: zMessage },
  },
  listAllApiTokens: {
    method: 'GET',
    path: '/api-tokens/admin',
    access: 'superuser',
    sessionOnly: true,
    tags: ['api-tokens'],
    notFromFrontEnd: 'superusers call it through the API; the admin console has no token screen',
    summary: 'Superusuarios: los tokens de API de todos los usuarios',
    query: zAdminApiTokenQuery,
    responses: { 200: zPage(zAdminApiToken) },
  },
  listAttention: {
    method: 'GET',
    path: '/attention/',
    access: 'user',
    tags: ['attention'],
    summary:
      'Lo que requiere atención del usuario: servicios con error por motivo y cuentas de CFE con contraseña incorrecta, captcha pendiente o sesión por renovar; `count` es el total',
    query: zPageQuery,
    responses: { 200: zPage(zAttentionItem) },
  },
  login: {
    method: 'POST',
    path: '/login/access-token',
    access: 'public',
    tags: ['login'],
    consumes: ['application/x-www-form-urlencoded'],
    summary: 'Inicia sesión (OAuth2 password flow, form-encoded)',
    body: zLoginForm,
    responses: { 200: zToken },
  },
  recoverPassword: {
    method: 'POST',
    path: '/password-recovery/:email',
    access: 'public',
    tags: ['login'],
    summary: 'Envía por correo un enlace para restablecer la contraseña',
    params: zEmailParams,
    responses: { 200: zMessage },
  },
  resetPassword: {
    method: 'POST',
    path: '/reset-password/',
    access: 'public',
    tags: ['login'],
    summary: 'Fija una contraseña nueva con el enlace recibido por correo',
    body: zNewPassword,
    responses: { 200: zMessage },
  },
  logout: {
    method: 'POST',
    path: '/logout',
    access: 'account',
    tags: ['login'],
    summary: 'Cierra la sesión: este token deja de valer en el acto y se cierran los WebSockets que abrió',
    responses: { 200: zMessage },
  },
  startCheckout: {
    method: 'POST',
    path: '/chargebee/generate-checkout-new-url/',
    access: 'account',
    tags: ['billing'],
    summary:
      'Página de pago del plan en el proveedor (Chargebee: checkout_new_for_items). Al terminar, el proveedor regresa a `redirect_url` con `?id=…&state=…`.',
    body: lazySchema(() => zCheckoutRequest.optional()),
    responses: { 200: zCheckout },
  },
  confirmSubscription: {
    method: 'POST',
    path: '/chargebee/confirm-subscription/',
    access: 'account',
    tags: ['billing'],
    summary:
      'Confirma un pago terminado: el proveedor dice si es del usuario y está pagado; el estado de la suscripción viene del proveedor. Responde el usuario.',
    body: zConfirmSubscription,
    responses: { 200: zUserPublic },
  },
  billingWebhook: {
    method: 'POST',
    path: '/chargebee/webhook/',
    access: 'public',
    tags: ['billing'],
    notFromFrontEnd: 'Chargebee’s calls',
    billingProvider: 'chargebee',
    summary:
      'Webhook de Chargebee (autenticación básica). Mantiene el estado de la suscripción de cada usuario; idempotente.',
    body: zChargebeeEvent,
    responses: { 200: zEventOutcome },
  },
  changeLocalSubscription: {
    method: 'POST',
    path: '/billing/local/subscription/:action',
    access: 'account',
    tags: ['billing'],
    billingProvider: 'local',
    summary:
      'Solo con BILLING_PROVIDER=local: cancela, pausa o reanuda la suscripción propia. Responde el usuario.',
    params: zLocalSubscriptionParams,
    responses: { 200: zUserPublic },
  },
  createCredential: {
    method: 'POST',
    path: '/credentials/',
    access: 'user',
    tags: ['credentials'],
    summary: 'Vincula una cuenta del portal de CFE (la primera activa has_credentials del usuario)',
    body: zCredentialCreate,
    responses: { 200: zCredential },
  },
  listCredentials: {
    method: 'GET',
    path: '/credentials/',
    access: 'user',
    tags: ['credentials'],
    summary: 'Cuentas de CFE del usuario, paginadas',
    query: zPageQuery,
    responses: { 200: zPage(zCredential) },
  },
  allCredentials: {
    method: 'GET',
    path: '/credentials/all',
    access: 'user',
    tags: ['credentials'],
    summary: 'Todas las cuentas de CFE del usuario (para selectores)',
    responses: { 200: lazySchema(() => z.array(zCredential)) },
  },
  getCredential: {
    method: 'GET',
    path: '/credentials/:credential_id',
    access: 'user',
    tags: ['credentials'],
    summary: 'Una cuenta de CFE del usuario',
    params: zCredentialParams,
    responses: { 200: zCredential },
  },
  updateCredential: {
    method: 'PATCH',
    path: '/credentials/:credential_id',
    access: 'user',
    tags: ['credentials'],
    summary: 'Edita alias, usuario o contraseña; un usuario o contraseña nuevos vuelven a "sin verificar"',
    params: zCredentialParams,
    body: zCredentialUpdate,
    responses: { 200: zCredential },
  },
  deleteCredential: {
    method: 'DELETE',
    path: '/credentials/:credential_id',
    access: 'user',
    tags: ['credentials'],
    summary: 'Elimina la cuenta; sus servicios se conservan sin cuenta (estado 5, "Sin nombre")',
    params: zCredentialParams,
    responses: { 200: zMessage },
  },
  connectCredential: {
    method: 'POST',
    path: '/credentials/:credential_id/connect',
    access: 'user',
    tags: ['credentials'],
    summary:
      'Conectar con CFE: comprueba la contraseña abriendo la sesión del portal ahora (o reusa la abierta); puede pedir un captcha',
    params: zCredentialParams,
    responses: { 200: zPortalConnection },
  },
  getCaptcha: {
    method: 'GET',
    path: '/credentials/:credential_id/captcha',
    access: 'user',
    tags: ['credentials'],
    summary:
      'El captcha de CFE que espera respuesta (imagen como data: URL); un superusuario puede verlo, no responderlo',
    params: zCredentialParams,
    responses: { 200: zCaptchaChallenge },
  },
  answerCaptcha: {
    method: 'POST',
    path: '/credentials/:credential_id/captcha',
    access: 'user',
    tags: ['credentials'],
    summary:
      'Responde el captcha de CFE (solo la persona dueña de la cuenta); si no coincide, llega uno nuevo',
    params: zCredentialParams,
    body: zCaptchaAnswer,
    responses: { 200: zPortalConnection },
  },
  newCaptcha: {
    method: 'POST',
    path: '/credentials/:credential_id/captcha/new',
    access: 'user',
    tags: ['credentials'],
    summary:
      'Otra imagen: un formulario de inicio de sesión nuevo, con su captcha (el de «Consulta tu recibo»: la sincronización en pausa consulta de nuevo)',
    params: zCredentialParams,
    responses: { 200: zPortalConnection },
  },
  getFile: {
    method: 'GET',
    path: '/media/get-file',
    access: 'user',
    tags: ['media'],
    summary:
      'Un documento del usuario (PDF o XML) por su `file_name`; `inline` salvo `download=true`. Un nombre ajeno o inexistente responde 404.',
    query: zMediaFileQuery,
    produces: ['application/pdf', 'application/xml'],
  },
  syncPaymentHistory: {
    method: 'POST',
    path: '/payment-history/rpu/:rpu_id/sync',
    access: 'user',
    tags: ['payment-history'],
    summary: 'Sincroniza el historial de pagos de un servicio desde el portal de CFE (flujo 5)',
    params: zRpuParams,
    responses: { 202: zTask },
  },
  listPayments: {
    method: 'GET',
    path: '/payment-history/rpu/:rpu_id',
    access: 'user',
    tags: ['payment-history'],
    summary: 'Pagos de un servicio, del más reciente al más antiguo',
    params: zRpuParams,
    query: zPageQuery,
    responses: { 200: zPage(zPayment) },
  },
  deletePayments: {
    method: 'POST',
    path: '/payment-history/delete/bulk',
    access: 'user',
    tags: ['payment-history'],
    summary: 'Elimina pagos del historial (vuelven con la siguiente sincronización)',
    body: zPaymentIds,
    responses: { 200: zAffected },
  },
  paymentsCsv: {
    method: 'POST',
    path: '/payment-history/csv',
    access: 'user',
    readsOnly: true,
    tags: ['payment-history'],
    summary:
      'CSV (UTF-8 con BOM, encabezados en español) del historial de pagos de un servicio, o de `payment_ids`',
    body: zPaymentHistoryCsvRequest,
    produces: ['text/csv'],
  },
  listPeriods: {
    method: 'GET',
    path: '/periods/all',
    access: 'user',
    tags: ['periods'],
    summary:
      'Periodos de facturación del usuario, con su servicio y sus documentos. Las fechas acotan la fecha final del periodo.',
    query: zPeriodsQuery,
    responses: { 200: zPage(zPeriod) },
  },
  listTaskPeriods: {
    method: 'GET',
    path: '/tasks/periods/:task_association_id',
    access: 'user',
    tags: ['tasks'],
    summary:
      'Los periodos que encontró un servicio de una de tus tareas (404 si la tarea no es tuya), como en GET /periods/all',
    params: zTaskAssociationPeriodsParams,
    query: zPageQuery,
    responses: { 200: zPage(zPeriod) },
  },
  periodsSeries: {
    method: 'GET',
    path: '/periods/series',
    access: 'user',
    tags: ['periods'],
    summary:
      'Importe (MXN) y consumo (kWh) de los periodos filtrados, sumados por mes de la fecha final (para la gráfica)',
    query: zPeriodsSeriesQuery,
    responses: { 200: zPeriodsSeries },
  },
  periodsZip: {
    method: 'POST',
    path: '/periods/zip',
    access: 'user',
    readsOnly: true,
    tags: ['periods'],
    summary:
      'ZIP (sin compresión) con los documentos de los periodos elegidos (`period_ids`) o de todos los que cumplen los filtros; `download_type`: -1 todos, 0 PDF, 1 XML. Una carpeta por servicio.',
    body: zPeriodsZipRequest,
    produces: ['application/zip'],
  },
  periodsCsv: {
    method: 'POST',
    path: '/periods/csv',
    access: 'user',
    readsOnly: true,
    tags: ['periods'],
    summary:
      'CSV (UTF-8 con BOM, encabezados en español) de los periodos elegidos o de todos los que cumplen los filtros',
    body: zPeriodsCsvRequest,
  },
  deletePeriods: {
    method: 'POST',
    path: '/periods/delete/bulk',
    access: 'user',
    tags: ['periods'],
    summary:
      'Elimina los periodos elegidos del usuario y sus documentos; `affected` cuenta los eliminados (los ajenos se ignoran)',
    body: zPeriodIds,
    responses: { 200: zAffected },
  },
  listAllRpus: {
    method: 'GET',
    path: '/rpus/admin',
    access: 'superuser',
    tags: ['rpus', 'admin'],
    summary:
      'Servicios de todos los usuarios (superusuarios), con el correo del dueño y las marcas has_uns, deleted y duplicated',
    query: lazySchema(() => zRpusAdminQuery.extend(zPageQuery.shape)),
    responses: { 200: zPage(zRpuAdmin) },
  },
  deleteAnyRpus: {
    method: 'POST',
    path: '/rpus/admin/delete/bulk',
    access: 'superuser',
    tags: ['rpus', 'admin'],
    summary: 'Elimina (borrado lógico) servicios de cualquier usuario (superusuarios)',
    body: zRpuIds,
    responses: { 200: zAffected },
  },
  getRpuComplete: {
    method: 'GET',
    path: '/rpus/admin/:rpu_id/complete',
    access: 'superuser',
    tags: ['rpus', 'admin'],
    summary:
      'Un servicio con su dueño, su cuenta de CFE, el número de periodos y la última tarea (superusuarios)',
    params: zRpuParams,
    responses: { 200: zRpuComplete },
  },
  createRpu: {
    method: 'POST',
    path: '/rpus/',
    access: 'user',
    tags: ['rpus'],
    summary: 'Crea un servicio (número de 12 dígitos, único por usuario)',
    body: zRpuCreate,
    responses: { 200: zRpu },
  },
  listRpus: {
    method: 'GET',
    path: '/rpus/',
    access: 'user',
    tags: ['rpus'],
    summary:
      'Servicios del usuario; alias contiene (sin distinguir mayúsculas ni acentos), número de servicio por prefijo',
    query: lazySchema(() => zRpusQuery.extend(zPageQuery.shape)),
    responses: { 200: zPage(zRpu) },
  },
  allRpus: {
    method: 'GET',
    path: '/rpus/all',
    access: 'user',
    tags: ['rpus'],
    summary: 'Todos los servicios del usuario, en versión ligera (para selectores)',
    responses: { 200: lazySchema(() => z.array(zRpuSummary)) },
  },
  getRpuByServiceNumber: {
    method: 'GET',
    path: '/rpus/by-service-number/:service_number',
    access: 'user',
    tags: ['rpus'],
    summary: 'El servicio del usuario con ese número',
    params: zServiceNumberParams,
    responses: { 200: zRpu },
  },
  getRpu: {
    method: 'GET',
    path: '/rpus/:rpu_id',
    access: 'user',
    tags: ['rpus'],
    summary: 'Un servicio del usuario',
    params: zRpuParams,
    responses: { 200: zRpu },
  },
  updateRpu: {
    method: 'PATCH',
    path: '/rpus/:rpu_id',
    access: 'user',
    tags: ['rpus'],
    summary:
      'Edita un servicio: alias, titular y total a pagar del último recibo sin centavos (`last_payment`, lo que pide CFE para vincularlo)',
    params: zRpuParams,
    body: zRpuUpdate,
    responses: { 200: zRpu },
  },
  importRpus: {
    method: 'POST',
    path: '/rpus/bulk',
    access: 'user',
    tags: ['rpus'],
    summary: `Importa hasta ${MAX_IMPORT_ROWS} servicios en una transacción; responde por fila: creado, duplicado o inválido con el motivo`,
    body: zRpuBulkCreate,
    responses: { 200: zRpuBulkCreateResponse },
  },
  bulkUpdateRpus: {
    method: 'POST',
    path: '/rpus/bulk-update',
    access: 'user',
    tags: ['rpus'],
    summary:
      'Aplica el mismo cambio (alias, titular, cuenta, descarga automática, notificaciones) a varios servicios',
    body: zRpuBulkUpdate,
    responses: { 200: zAffected },
  },
  linkRpu: {
    method: 'PATCH',
    path: '/rpus/:rpu_id/link',
    access: 'user',
    tags: ['rpus'],
    summary: 'Asigna una cuenta de CFE al servicio (null la quita: estado 5, "Sin nombre")',
    params: zRpuParams,
    body: zRpuLink,
    responses: { 200: zRpu },
  },
  activateAutofetch: {
    method: 'PUT',
    path: '/rpus/activate-auto-fetch',
    access: 'user',
    tags: ['rpus'],
    summary: 'Activa la descarga automática de los servicios',
    body: zRpuIds,
    responses: { 200: zAffected },
  },
  deactivateAutofetch: {
    method: 'PUT',
    path: '/rpus/deactivate-auto-fetch',
    access: 'user',
    tags: ['rpus'],
    summary: 'Desactiva la descarga automática de los servicios',
    body: zRpuIds,
    responses: { 200: zAffected },
  },
  setEmailNotifications: {
    method: 'PUT',
    path: '/rpus/activate-deactivate-email-notifications',
    access: 'user',
    tags: ['rpus'],
    summary: 'Activa o desactiva los avisos por correo de recibos nuevos',
    body: zRpuEmailNotifications,
    responses: { 200: zAffected },
  },
  deleteRpus: {
    method: 'POST',
    path: '/rpus/delete/bulk',
    access: 'user',
    tags: ['rpus'],
    summary: 'Elimina servicios (borrado lógico: salen de las listas y dejan de sincronizarse)',
    body: zRpuIds,
    responses: { 200: zAffected },
  },
  rpusCsv: {
    method: 'POST',
    path: '/rpus/csv',
    access: 'user',
    readsOnly: true,
    tags: ['rpus'],
    summary:
      'CSV (UTF-8 con BOM, encabezados en español) de los servicios filtrados como GET /rpus/, o de `rpu_ids`',
    query: zRpusQuery,
    body: lazySchema(() => zRpuCsvRequest.optional()),
    produces: ['text/csv'],
  },
  syncCredential: {
    method: 'POST',
    path: '/credentials/sync/:credential_id',
    access: 'user',
    tags: ['credentials'],
    summary:
      'Sincroniza una cuenta de CFE: sin cuerpo, todo su espacio en el portal (flujo 2); con `workflow` 3 o 4, sincronización o vinculación masiva de sus servicios (o de `rpu_ids`); `exceed_service_cap` confirma dejar la cuenta con más servicios que PORTAL_SERVICE_CAP',
    params: zCredentialParams,
    body: zCredentialSyncRequest,
    responses: { 202: zTask },
  },
  syncRpu: {
    method: 'POST',
    path: '/rpus/sync/:credential_id/:rpu_id',
    access: 'user',
    tags: ['rpus'],
    summary:
      'Vincula y sincroniza un servicio con una cuenta de CFE (flujo 1); `last_payment` es la información adicional para vincular; `exceed_service_cap` confirma dejar la cuenta con más servicios que PORTAL_SERVICE_CAP',
    params: zCredentialRpuParams,
    body: zRpuSyncRequest,
    responses: { 202: zTask },
  },
  listTasks: {
    method: 'GET',
    path: '/tasks/',
    access: 'user',
    tags: ['tasks'],
    summary: 'Tus tareas, de la más reciente a la más antigua; `task_types` filtra por tipo (0–3)',
    query: zTasksQuery,
    responses: { 200: zPage(zTask) },
  },
  taskStats: {
    method: 'GET',
    path: '/tasks/stats',
    access: 'user',
    tags: ['tasks'],
    summary:
      'Cuántas tareas hay por tipo y estado, creadas entre dos fechas en una zona horaria: las tuyas; un superusuario, las de todos (o de user_id)',
    query: zTaskStatsQuery,
    responses: { 200: zTaskStats },
  },
  listTaskLogs: {
    method: 'GET',
    path: '/tasks/logs',
    access: 'user',
    tags: ['tasks'],
    summary:
      'Bitácora de tareas con su dueño. Cada quien ve las suyas; un superusuario ve todas y puede filtrar por usuario',
    query: zTaskLogsQuery,
    responses: { 200: zPage(zTaskLog) },
  },
  getTaskLog: {
    method: 'GET',
    path: '/tasks/admin/logs/:task_id',
    access: 'superuser',
    tags: ['tasks'],
    summary: 'Una tarea de cualquier usuario con todos sus servicios (superusuarios)',
    params: zTaskParams,
    responses: { 200: zTaskLogDetail },
  },
  listTaskAssociations: {
    method: 'GET',
    path: '/tasks/task-associations/:task_id',
    access: 'user',
    tags: ['tasks'],
    summary: 'Los servicios de una de tus tareas, con su paso, intento y resultado',
    params: zTaskParams,
    query: zPageQuery,
    responses: { 200: zPage(zTaskAssociation) },
  },
  reviewTaskLogs: {
    method: 'PATCH',
    path: '/tasks/logs/bulk',
    access: 'user',
    tags: ['tasks'],
    summary: 'Marca tareas como revisadas o no (las tuyas; un superusuario, cualquiera)',
    body: zTaskLogsBulkUpdate,
    responses: { 200: zAffected },
  },
  retryOwnTasks: {
    method: 'POST',
    path: '/tasks/user-retry',
    access: 'user',
    tags: ['tasks'],
    summary:
      'Reintenta los servicios con error de tus tareas: cada tarea reintentada crea una tarea nueva del mismo tipo',
    body: zTaskRetry,
    responses: { 202: zTaskList },
  },
  retryAnyTasks: {
    method: 'POST',
    path: '/tasks/retry',
    access: 'superuser',
    tags: ['tasks'],
    summary: 'Reintenta los servicios con error de tareas de cualquier usuario (superusuarios)',
    body: zTaskRetry,
    responses: { 202: zTaskList },
  },
  getMe: {
    method: 'GET',
    path: '/users/me',
    access: 'account',
    tags: ['users'],
    summary: 'El usuario de la sesión',
    responses: { 200: zUserPublic },
  },
  updateMe: {
    method: 'PATCH',
    path: '/users/me',
    access: 'account',
    tags: ['users'],
    summary: 'Edita los datos propios; cambiar el correo pide la contraseña actual',
    body: zUserUpdateMe,
    responses: { 200: zUserPublic },
  },
  changePassword: {
    method: 'PATCH',
    path: '/users/me/password',
    access: 'account',
    tags: ['users'],
    summary: 'Cambia la contraseña propia; responde un token nuevo (los anteriores dejan de valer)',
    body: zUpdatePassword,
    responses: { 200: zToken },
  },
  signUp: {
    method: 'POST',
    path: '/users/signup',
    access: 'public',
    tags: ['users'],
    summary: 'Crea una cuenta (sin suscripción)',
    body: zUserRegister,
    responses: { 200: zUserPublic },
  },
  listUsers: {
    method: 'GET',
    path: '/users/',
    access: 'superuser',
    tags: ['users'],
    summary: 'Lista de usuarios (superusuarios); filtros por coincidencia parcial sin distinguir mayúsculas',
    query: lazySchema(() => zUsersQuery.extend(zPageQuery.shape)),
    responses: { 200: zPage(zUserPublic) },
  },
  updateUser: {
    method: 'PATCH',
    path: '/users/:user_id',
    access: 'superuser',
    tags: ['users'],
    summary: 'Edita un usuario (superusuarios)',
    params: zUserParams,
    body: zUserUpdate,
    responses: { 200: zUserPublic },
  },
  setTemporalPassword: {
    method: 'POST',
    path: '/users/:user_id/set-temporal-password',
    access: 'superuser',
    tags: ['users'],
    consumes: ['application/x-www-form-urlencoded'],
    summary:
      'Asigna una contraseña temporal (superusuarios); sin `password` se genera una. Se muestra una sola vez.',
    params: zUserParams,
    body: lazySchema(() => zTemporalPasswordForm.optional()),
    responses: { 200: zTemporalPassword },
  },
  healthCheck: {
    method: 'GET',
    path: '/utils/health-check/',
    access: 'public',
    tags: ['utils'],
    notFromFrontEnd: 'the load balancer’s check',
    summary: 'Responde ok cuando el proceso y su base de datos responden (para el balanceador)',
    responses: { 200: zHealth },
  },
  listWebhooks: {
    method: 'GET',
    path: '/webhooks/',
    access: 'user',
    tags: ['webhooks'],
    summary: 'Tus webhooks',
    query: zPageQuery,
    responses: { 200: zPage(zWebhook) },
  },
  createWebhook: {
    method: 'POST',
    path: '/webhooks/',
    access: 'user',
    tags: ['webhooks'],
    summary:
      'Crea un webhook. La respuesta trae el secreto de firma (whsec_…): es la única vez que se muestra.',
    body: zWebhookCreate,
    responses: { 200: zWebhookWithSecret },
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/webhooks/:webhook_id',
    access: 'user',
    tags: ['webhooks'],
    summary: 'Edita un webhook; con rotate_secret: true responde un secreto nuevo (una sola vez)',
    params: zWebhookParams,
    body: zWebhookUpdate,
    responses: { 200: zWebhookUpdated },
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/webhooks/:webhook_id',
    access: 'user',
    tags: ['webhooks'],
    summary: 'Elimina un webhook y su historial de entregas',
    params: zWebhookParams,
    responses: { 200: zMessage },
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/:webhook_id/deliveries',
    access: 'user',
    tags: ['webhooks'],
    summary: 'Entregas recientes de un webhook (la más nueva primero)',
    params: zWebhookParams,
    query: zPageQuery,
    responses: { 200: zPage(zWebhookDelivery) },
  },
  testWebhook: {
    method: 'POST',
    path: '/webhooks/:webhook_id/test',
    access: 'user',
    tags: ['webhooks'],
    summary: 'Envía ahora un evento webhook.test (un solo intento) y responde la entrega con su resultado',
    params: zWebhookParams,
    responses: { 200: zWebhookDelivery },
  },
  testAnyRpuWebhook: {
    method: 'POST',
    path: '/webhooks/admin/:rpu_id/test',
    access: 'superuser',
    tags: ['webhooks'],
    summary:
      'Superusuarios: envía un webhook.test con los datos del servicio a cada webhook activo de su dueño',
    params: zRpuParams,
    responses: { 200: lazySchema(() => z.array(zWebhookDelivery)) },
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof operations;
