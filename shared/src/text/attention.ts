import type { AttentionReason } from '../contract/attention';

/**
 * "Requiere atención" and the fixes it offers: the host's inbox and top bar, and the same fix
 * buttons wherever a failure shows (service list, sync area). Part of the one catalogue, `es.attention`.
 */
export const attentionText = {
  title: 'Requiere atención',
  subtitle:
    'Lo que necesita a una persona para que tus servicios sigan sincronizándose. Cada aviso se quita solo en cuanto queda resuelto.',
  caption: 'Avisos que requieren atención',
  /** The top bar's link: its name is what it shows, "Requiere atención 2 avisos". */
  topBar: 'Requiere atención',
  topBarUnit: (count: number) => (count === 1 ? 'aviso' : 'avisos'),
  loading: 'Cargando avisos…',
  loadError: 'No pudimos cargar lo que requiere atención.',
  empty: {
    title: 'Nada requiere tu atención',
    message:
      'Cuando una sincronización necesite algo de ti (una contraseña, un CAPTCHA, un dato del recibo), aparecerá aquí.',
  },
  columns: { what: 'Qué pasa', where: 'Dónde', since: 'Desde', fix: 'Cómo resolverlo' },
  reasons: {
    needs_total: 'Falta el total a pagar del último recibo',
    needs_holder_name: 'Falta el nombre del titular como aparece en el recibo',
    cannot_link: 'CFE no permite agregar el servicio a tu cuenta',
    service_not_found: 'CFE no reconoce el número de servicio',
    not_linked: 'El servicio no está vinculado con tu cuenta de CFE',
    failed: 'La sincronización falló tres veces',
    service_cap: 'La cuenta de CFE llegó al límite de servicios',
    service_limit: 'CFE no permite más servicios en la cuenta',
    wrong_password: 'CFE rechazó la contraseña',
    captcha_pending: 'CFE pide resolver un CAPTCHA',
    session_to_renew: 'La sesión con CFE debe renovarse',
    sync_pending: 'Contraseña actualizada: falta sincronizar',
  } satisfies Record<AttentionReason, string>,
  hints: {
    needs_total: 'Escribe el total a pagar de su último recibo (sin centavos) y lo vinculamos con ese dato.',
    needs_holder_name:
      'CFE pide el nombre del titular tal como aparece en el recibo para agregar el servicio a tu cuenta.',
    cannot_link: 'Revisa el número de servicio o agrégalo desde la cuenta de CFE que es su titular.',
    service_not_found: 'Revisa que el número de servicio sea el del recibo.',
    not_linked: 'Sincronízalo de nuevo: intentaremos vincularlo con tu cuenta.',
    failed: 'El portal de CFE no respondió. Vuelve a intentarlo.',
    service_cap:
      'Agregarlo dejaría la cuenta con más servicios que el límite configurado; confirma si quieres rebasarlo.',
    service_limit:
      'Elimina en Mi Espacio de CFE servicios que ya no uses, o asigna el servicio a otra cuenta de CFE, y reintenta.',
    wrong_password:
      'Escribe la contraseña actual de la cuenta en Mi Espacio; después sincronizamos sus servicios.',
    captcha_pending: 'Escribe los caracteres de la imagen para que sigan las sincronizaciones.',
    session_to_renew: 'Nadie respondió el CAPTCHA a tiempo. Conecta de nuevo y resuélvelo.',
    sync_pending: 'Sincroniza la cuenta para que sus servicios usen la contraseña nueva.',
  } satisfies Record<AttentionReason, string>,
  servicesWaiting: (count: number) =>
    count === 1 ? '1 servicio espera esta corrección' : `${count} servicios esperan esta corrección`,
  actions: {
    enterTotal: 'Ingresar total',
    enterHolderName: 'Escribir titular',
    updatePassword: 'Actualizar contraseña',
    solveCaptcha: 'Resolver CAPTCHA',
    connect: 'Conectar con CFE',
    syncAgain: 'Sincronizar de nuevo',
    retry: 'Reintentar',
    review: 'Revisar servicio',
    exceedCap: 'Rebasar el límite',
    makeRoom: 'Ver cómo liberar espacio',
  },
  /** CFE reportedly blocks accounts with more than 10 services: linking past the cap asks first. */
  serviceCap: {
    title: '¿Rebasar el límite de servicios de la cuenta de CFE?',
    risk: 'Otros usuarios reportan que CFE bloquea de forma permanente las cuentas con más de 10 servicios. Si tienes servicios que ya no usas, elimínalos primero en Mi Espacio de CFE (Administrar servicios), o vincula los demás con otra cuenta de CFE.',
    confirm: 'Vincular de todas formas',
    dismiss: 'No vincular',
  },
  /** CFE itself refused another service in the account. */
  serviceLimit: {
    title: 'CFE no permite más servicios en esta cuenta',
    description:
      'CFE respondió que esta cuenta ya no admite más servicios. Para vincular este: entra a Mi Espacio de CFE, abre «Administrar servicios» y elimina los que ya no uses; o asígnalo a otra de tus cuentas de CFE (Servicios › Asignar cuenta). Después reintenta.',
    confirm: 'Ya liberé espacio: reintentar',
    dismiss: 'Cerrar',
  },
  done: {
    syncStarted: 'Sincronización iniciada. Verás su avance en «Sincronizaciones».',
    connected: 'CFE aceptó la sesión. Sincronizando los servicios de la cuenta…',
    captchaAsked: 'CFE pide un CAPTCHA: resuélvelo en «Sincronizaciones».',
  },
  totalToPay: {
    title: 'Total a pagar del último recibo',
    description: (service: string) => `Servicio ${service}`,
    label: 'Total a pagar del último recibo, sin centavos',
    hint: 'CFE lo pide para agregar el servicio a tu cuenta: es el «TOTAL A PAGAR» del último recibo (o del penúltimo), en pesos y sin centavos. Por ejemplo 1234.',
    submit: 'Sincronizar con este total',
    linkTitle: 'Datos para vincular el servicio',
    holderName: 'Nombre del titular, como aparece en el recibo',
    holderNameHint: 'Por ejemplo ALIMENTOS Y FRANQ D CHIAPAS.',
    optionalTotal: 'Total a pagar del último recibo, sin centavos (si lo tienes)',
    linkSubmit: 'Guardar y sincronizar',
    started: 'Sincronización iniciada con el total que escribiste.',
  },
};
