// The framework floor (`npm run lighthouse -- --floor`): the web app's stack (React 19, Mantine, React Router's data
// router, TanStack Query, i18next with as many texts as the app) rendering a minimal shell (header with links, a
// menu and a search field, a banner, a sign-in form) and nothing of the app. What it scores on a machine is the
// most any page of the app can score there: it tells a slow machine from a slow page.
import '@mantine/core/styles.layer.css';
import {
  Anchor,
  Button,
  Container,
  Group,
  MantineProvider,
  Menu,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';

const texts: Record<string, string> = {};
for (let i = 0; i < 2500; i++) texts[`tekst.${i}`] = `Tekst nummer ${i}`;
void i18next.use(initReactI18next).init({
  lng: 'nl',
  resources: { nl: { translation: texts } },
  keySeparator: false,
  interpolation: { escapeValue: false },
});

const links = ['Catalogus', 'Sets', 'Favorieten', 'Bestellijst', 'Aanvragen'];

function Shell() {
  const { t } = useTranslation();
  const answer = useQuery({ queryKey: ['floor'], queryFn: async () => ({ ok: true }) });
  return (
    <>
      <header style={{ borderBottom: '1px solid #dee2e6', padding: 8 }}>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Materieelportaal
          </Title>
          <Group component="nav" aria-label={t('tekst.0')}>
            {links.map((l) => (
              <Anchor key={l} component={Link} to={`/${l.toLowerCase()}`}>
                {l}
              </Anchor>
            ))}
            <Menu>
              <Menu.Target>
                <Button variant="subtle">{t('tekst.1')}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item>{t('tekst.2')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <TextInput aria-label={t('tekst.3')} placeholder={t('tekst.3')} mt="xs" />
      </header>
      <section style={{ background: '#1c4e80', color: '#fff', padding: '48px 16px' }}>
        <Title order={1}>Bestel en beheer bouwmaterieel op uw projectlocaties</Title>
        <Text>{answer.data?.ok ? t('tekst.4') : '…'}</Text>
      </section>
      <Container component="main" py="xl">
        <Outlet />
      </Container>
    </>
  );
}

function SignIn() {
  const { t } = useTranslation();
  return (
    <Stack maw={400}>
      <Title order={2}>{t('tekst.5')}</Title>
      <TextInput label="E-mailadres" />
      <PasswordInput label="Wachtwoord" />
      <Button>Inloggen</Button>
    </Stack>
  );
}

const router = createBrowserRouter([
  { path: '/', Component: Shell, children: [{ path: '*', Component: SignIn }] },
]);
const queryClient = new QueryClient();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <MantineProvider>
      <I18nextProvider i18n={i18next}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  </StrictMode>,
);
