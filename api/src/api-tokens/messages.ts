/** What the API tells a caller about API tokens, in Spanish (`detail` of errors). */
export const apiTokenMessages = {
  notFound: 'Token de API no encontrado',
  revoked: 'Token de API revocado',
  expired: 'Este token de API expiró. Crea uno nuevo en Configuración › Tokens de API.',
  readOnly: 'Este token de API es de solo lectura: no puede hacer cambios.',
  accountChange:
    'Un token de API no puede cambiar la cuenta, la contraseña, la suscripción ni los tokens. Inicia sesión en Luz para hacerlo.',
  rateLimited: (seconds: number) =>
    `Este token de API hizo demasiadas solicitudes. Intenta de nuevo en ${seconds} s.`,
} as const;
