import styled from 'styled-components';

/** The signed-in layout's grid, shared by the app's layout and the page's first frame (first-frame.tsx). */
export const Shell = styled.div`
  min-height: 100%;
  display: grid;
  grid-template-rows: auto 1fr auto;
  // Without it the column grows to the widest table and the whole page scrolls sideways.
  grid-template-columns: minmax(0, 1fr);
`;

export const Body = styled.div`
  display: flex;
  min-height: 0;
`;

export const Content = styled.main`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => theme.space(6)};
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) { padding: ${({ theme }) => theme.space(4)}; }
`;
