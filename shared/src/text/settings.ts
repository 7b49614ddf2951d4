/** Texts of the settings screens (remote-settings). Part of the one catalogue, `es.settings`. */
export const settingsText = {
  title: 'Configuración',
  subtitle: 'Tu cuenta, la apariencia, la seguridad, tus cuentas de CFE y tus webhooks.',
  tabsLabel: 'Secciones de configuración',
  tabs: {
    userInformation: 'Información de usuario',
    appearance: 'Apariencia',
    security: 'Seguridad',
    cfe: 'CFE',
    webhooks: 'Webhooks',
  },
  userInformation: {
    title: 'Información de usuario',
    saved: 'Tus datos se guardaron.',
  },
  appearance: {
    title: 'Apariencia',
    theme: 'Tema',
    themes: { dark: 'Oscuro', light: 'Claro', system: 'Según el sistema' },
    pageSize: 'Filas por página en las tablas',
    pageSizeHint: 'Se usa en todas las listas, salvo que la dirección indique otro valor.',
    saved: 'Preferencias guardadas.',
  },
  security: {
    title: 'Cambiar contraseña',
    description: 'Al cambiarla se cierran las demás sesiones abiertas con tu contraseña anterior.',
    saved: 'Tu contraseña se actualizó.',
  },
};
