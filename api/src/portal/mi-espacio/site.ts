/**
 * CFE's customer pages as REAL-CFE.md §1–2 describes them: paths, control names and the literal
 * Spanish messages. The connector reads them and the replica serves them; texts the sources do
 * not quote are marked "assumed" and are matched loosely by the connector.
 */

export const miEspacioBase = '/Aplicaciones/CCFE/MiEspacio/';

export const miEspacioPages = {
  login: 'Login.aspx',
  home: 'Default.aspx',
  services: 'AdministrarServicios.aspx',
  addService: 'AgregarServicio.aspx',
  invoices: 'OtrasFacturas.aspx',
} as const;

export type MiEspacioPage = keyof typeof miEspacioPages;

export const miEspacioPath = (page: MiEspacioPage) => `${miEspacioBase}${miEspacioPages[page]}`;

/** "Consulta tu recibo": WebForms with friendly URLs (no .aspx), ids without the ctl00_ prefix. */
export const consultationPath = '/Aplicaciones/CCFE/ReciboDeLuzGMX/Consulta';

/** The id of the master page's form on Mi Espacio. */
export const formId = 'aspnetForm';

/** A control of Mi Espacio's content area: `name` is what a form posts, `id` what the page shows. */
const mainContent = (control: string) => ({
  name: `ctl00$MainContent$${control}`,
  id: `ctl00_MainContent_${control}`,
});

export const controls = {
  user: mainContent('txtUsuario'),
  password: mainContent('txtPassword'),
  captcha: mainContent('txtCaptcha'),
  captchaImage: mainContent('imgCaptcha'),
  loginButton: mainContent('btnIngresar'),
  loginError: mainContent('lblError'),
  services: mainContent('ddlServicios'),
  history: mainContent('GVHistorial'),
  invoices: mainContent('gvFacturasUsuario'),
  serviceGrid: mainContent('gvServicios'),
  noServices: mainContent('lblNoRegistros'),
  deleteConfirm: mainContent('btnEliminarServicio'),
  serviceNumber: mainContent('txtRpu'),
  holderName: mainContent('txtNombreServicio'),
  totalToPay: mainContent('txtTotalAPagar'),
  alias: mainContent('txtNombreCorto'),
  saveButton: mainContent('btnGuardar'),
  /** Assumed: the label that carries AgregarServicio's and OtrasFacturas' messages. */
  message: mainContent('lblMensaje'),
} as const;

/** Row controls of a GridView: rows are numbered ctl02, ctl03… (ctl01 is the header). */
export const gridRowControl = (grid: { name: string; id: string }, row: number, control: string) => {
  const ctl = `ctl${String(row + 2).padStart(2, '0')}`;
  return { name: `${grid.name}$${ctl}$${control}`, id: `${grid.id}_${ctl}_${control}` };
};

export const rowControls = {
  pdf: 'lnkDescargaPDF',
  xml: 'lnkDescargaXML',
  moreInvoices: 'hplMasFacturaciones',
  deleteService: 'lnkEliminarServicio',
} as const;

/** "Consulta tu recibo" controls (ASP.NET 4 predictable ids: MainContent_x, names ctl00$MainContent$x). */
const consultationControl = (control: string) => ({
  name: `ctl00$MainContent$${control}`,
  id: `MainContent_${control}`,
});

export const consultationControls = {
  holderName: consultationControl('txtNombre'),
  serviceNumber: consultationControl('txtRPU'),
  areaCode: consultationControl('tbLada'),
  phone: consultationControl('txtTel'),
  mobile: consultationControl('txtCel'),
  email: consultationControl('txtCorreoElectronico'),
  continueButton: consultationControl('btnContinuar'),
  captchaImage: consultationControl('Imagemanual'),
  captcha: consultationControl('txtCaptcha'),
  captchaButton: consultationControl('btnValidarCaptcha'),
  history: consultationControl('GVHistorial'),
  /** Assumed: where the consultation writes its messages. */
  message: consultationControl('lblMensaje'),
} as const;

export const messages = {
  serviceAdded: 'Número Servicio agregado exitosamente.',
  wrongTotal:
    'El total a pagar no coincide con nuestro registro, favor de validar la información con su último o penúltimo recibo.',
  xmlThrottle: 'No es posible obtener el archivo Xml en este momento, intenta de nuevo más tarde',
  nameMismatch: 'El no coincide, favor de verificar',
  /** The sources quote "campos obligatorios" only; the sentence around it is assumed. */
  requiredFields: 'Favor de capturar los campos obligatorios.',
  /** Assumed texts (no source quotes them). */
  loginRefused: 'El usuario o la contraseña son incorrectos.',
  captchaRefused: 'El código de la imagen es incorrecto.',
  serviceLimit: 'No es posible agregar más servicios a tu cuenta.',
  alreadyAdded: 'El número de servicio ya se encuentra registrado en tu cuenta.',
  unknownService: 'El número de servicio no existe.',
  noReceipts: 'No se encontró información para el número de servicio.',
  serverError: 'Ocurrió un error al procesar tu solicitud. Intenta de nuevo más tarde.',
} as const;

/** The XML throttle's message is recognised by its start (the rest may arrive escaped or with broken accents). */
export const xmlThrottleMarker = 'No es posible obtener el archivo Xml';

/** What the Imperva/Incapsula firewall answers instead of the page (REAL-CFE.md §1). */
export const firewallMarkers = ['Request unsuccessful', 'Incapsula incident ID', '_Incapsula_Resource'];

/** The grid's type of a receipt; payments and complementary invoices carry others. */
export const receiptType = 'OCR';

/** Spanish month abbreviations as CFE writes them ("MAY 2026", "31 OCT 25"). */
export const monthAbbreviations = [
  'ENE',
  'FEB',
  'MAR',
  'ABR',
  'MAY',
  'JUN',
  'JUL',
  'AGO',
  'SEP',
  'OCT',
  'NOV',
  'DIC',
] as const;
