// The framework floor (the first row of `npm run lighthouse`): the web app's stack (React 19, Mantine, React Router's
// data router, TanStack Query, i18next with as many texts as the app) rendering a minimal shell (header with links, a
// menu and a search field, a banner, a sign-in form) and nothing of the app. What it scores on a machine is the
// most any page of the app can score there: it tells a slow machine from a slow page.
// It starts the way the app does (decision 0003): Mantine's baseline, variables and global styles plus the styles of
// the components on the first screen, not the whole stylesheet; the menu's code (Menu, Popover, Floating UI) loads
// when the browser is idle after the first paint, a plain button until then.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Container.layer.css';
import {
  Anchor,
  Button,
  Container,
  Group,
  MantineProvider,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { type ComponentType, StrictMode, useEffect, useState } from 'react';
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

/** The top bar's menu: a plain button until its code has loaded after the first paint (the app's DeferredMenu). */
function LaterMenu({ label, item }: { label: string; item: string }) {
  const [Menu, setMenu] = useState<ComponentType<{ label: string; item: string }> | null>(null);
  useEffect(() => {
    const id = requestIdleCallback(() => void import('./menu').then((m) => setMenu(() => m.FloorMenu)), {
      timeout: 2000,
    });
    return () => cancelIdleCallback(id);
  }, []);
  if (Menu) return <Menu label={label} item={item} />;
  return (
    <Button variant="subtle" aria-haspopup="menu" aria-expanded={false}>
      {label}
    </Button>
  );
}

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
            <LaterMenu label={t('tekst.1')} item={t('tekst.2')} />
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
