/** Texts of the periods and downloads screens (remote-periods). Part of the one catalogue. */
export const periodsText = {
  title: 'Periodos',
  subtitle: 'Los periodos de facturación de tus servicios, con su recibo en PDF y su CFDI en XML.',
  downloads: {
    title: 'Descargas',
    subtitle: 'Tus sincronizaciones y cargas, agrupadas por día, con los periodos que encontraron.',
  },
};
