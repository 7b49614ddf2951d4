/** Query keys are plain arrays named after the resource, so invalidating a prefix refreshes a family. */
export const queryKeys = {
  currentUser: ['users', 'me'] as const,
  users: (params: object) => ['users', 'list', params] as const,
  credentials: ['credentials'] as const,
  credentialsAll: ['credentials', 'all'] as const,
  rpus: ['rpus'] as const,
  rpusList: (params: object) => ['rpus', 'list', params] as const,
  rpusAll: ['rpus', 'all'] as const,
  periods: ['periods'] as const,
  periodsList: (params: object) => ['periods', 'list', params] as const,
  periodsSeries: (params: object) => ['periods', 'series', params] as const,
  /** Under `periods`: deleting periods refreshes what a task found too. */
  taskAssociationPeriods: (taskAssociationId: string, params: object) =>
    ['periods', 'task-association', taskAssociationId, params] as const,
  tasks: ['tasks'] as const,
  tasksList: (params: object) => ['tasks', 'list', params] as const,
  taskAssociations: (taskId: string, params: object) => ['tasks', 'associations', taskId, params] as const,
  paymentHistory: ['payment-history'] as const,
  paymentHistoryOf: (rpuId: string, params: object) => ['payment-history', rpuId, params] as const,
  rpu: (rpuId: string) => ['rpus', 'one', rpuId] as const,
  /** Under `rpus`: a change to a service point refreshes the inbox too. */
  attention: ['rpus', 'attention'] as const,
  attentionList: (params: object) => ['rpus', 'attention', params] as const,
  webhooks: ['webhooks'] as const,
  webhookList: (params: object) => ['webhooks', 'list', params] as const,
  webhookDeliveries: (webhookId: string, params: object) =>
    ['webhooks', webhookId, 'deliveries', params] as const,
  apiTokens: ['api-tokens'] as const,
  apiTokenList: (params: object) => ['api-tokens', 'list', params] as const,
};
