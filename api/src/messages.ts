/**
 * Every `detail` the API sends that a person may read. The interface shows them verbatim, so
 * they are Spanish and written for the user. Validation messages (422) are the generic English
 * ones of spec §5 and live in `http/validation.ts`; protocol-level answers that mirror FastAPI
 * ("Not Found") stay as FastAPI words them.
 */
export const messages = {
  // Authentication
  incorrectCredentials: 'Correo o contraseña incorrectos',
  inactiveUser: 'Tu cuenta está desactivada. Contacta al administrador.',
  notAuthenticated: 'Inicia sesión para continuar',
  invalidToken: 'Tu sesión no es válida o expiró. Inicia sesión de nuevo.',
  notEnoughPrivileges: 'No tienes permisos para realizar esta acción',
  subscriptionRequired: 'Tu suscripción no está activa. Suscríbete para seguir usando Luz.',
  passwordChangeRequired: 'Cambia tu contraseña temporal para continuar.',
  loggedOut: 'Cerraste sesión',
  tooManyLoginAttempts: (seconds: number) =>
    `Demasiados intentos de inicio de sesión. Intenta de nuevo en ${waitText(seconds)}.`,
  tooManyRecoveryRequests: (seconds: number) =>
    `Demasiadas solicitudes de recuperación. Intenta de nuevo en ${waitText(seconds)}.`,
  tooManySignups: (seconds: number) =>
    `Se crearon demasiadas cuentas desde tu conexión. Intenta de nuevo en ${waitText(seconds)}.`,
  tooManyProfileChanges: (seconds: number) =>
    `Demasiados cambios en tu perfil. Intenta de nuevo en ${waitText(seconds)}.`,
  tooManySyncs: (seconds: number) =>
    `Iniciaste demasiadas sincronizaciones seguidas. Intenta de nuevo en ${waitText(seconds)}.`,
  tooManyPasswordChanges: (seconds: number) =>
    `Demasiados intentos de cambio de contraseña. Intenta de nuevo en ${waitText(seconds)}.`,

  // Passwords
  passwordRecoverySent:
    'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.',
  invalidResetToken:
    'El enlace para restablecer la contraseña no es válido, ya se usó o expiró. Solicita uno nuevo.',
  passwordUpdated: 'Tu contraseña se actualizó correctamente',
  wrongCurrentPassword: 'La contraseña actual es incorrecta',
  currentPasswordForEmail: 'Escribe tu contraseña actual para cambiar tu correo.',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
  guessablePassword:
    'Esta contraseña es demasiado común o fácil de adivinar (aparece en listas de contraseñas filtradas o se parece a una). Elige otra: una frase de varias palabras es fácil de recordar y difícil de adivinar.',

  // Users
  userNotFound: 'Usuario no encontrado',
  emailTaken: 'Ya existe una cuenta con este correo electrónico',
  cannotLockOutYourself: 'No puedes desactivar tu propia cuenta ni quitarte los permisos de administrador',

  // Periods and documents
  noDocumentsToDownload: 'No hay documentos para descargar con esta selección',
  documentNotFound: 'Documento no encontrado',

  // Requests
  notFound: 'Not Found',
  payloadTooLarge: 'La solicitud es demasiado grande',
  unsupportedMediaType: 'Tipo de contenido no admitido',
  badRequest: 'La solicitud no es válida',
  internalError: 'Ocurrió un error inesperado en el servidor. Intenta de nuevo más tarde.',
  serviceUnavailable: 'El servicio no está disponible por el momento',
} as const;

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
