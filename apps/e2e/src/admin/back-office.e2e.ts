import { api, apiSignIn, baseUrl, chooseOption, createUserWithRights, newPage, ownerSession, storeToken, unique } from './admin-session';

jest.setTimeout(90_000);

const session = ownerSession();

describe('admin top bar', () => {
  it('shows the entries and shortcuts the rights allow', async () => {
    const { page, close } = await session.open('/admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Containers', 'Contents', 'Pages', 'Elements', 'Users', 'Forms', 'Medias', 'Layout']) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor();
    }
    // The super-admin may view users and forms: Roles and Messages live in their dropdowns.
    expect(await nav.getByRole('link', { name: 'Roles', exact: true }).count()).toBe(0);
    await nav.getByRole('button', { name: 'Users shortcuts' }).click();
    await page.getByRole('menuitem', { name: 'Create a user' }).waitFor();
    await page.getByRole('menuitem', { name: 'Roles' }).click();
    await page.waitForURL('**/admin/users/roles');
    await close();
  });

  it('shows Roles alone to a user who may view roles but not users', async () => {
    const roleViewer = await createUserWithRights(session.token, ['VIEW_ROLE']);
    const { context, page } = await newPage(session.browser);
    await storeToken(page, await apiSignIn(roleViewer.email, roleViewer.password));
    await page.goto(`${baseUrl()}/admin`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Roles', exact: true }).click();
    await page.waitForURL('**/admin/users/roles');
    expect(await nav.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
    // Without CREATE_ROLE there is nothing to create from here.
    await page.getByText('Super admin').waitFor();
    expect(await page.getByRole('link', { name: 'Create a role' }).count()).toBe(0);
    await context.close();
  });

  it('shows toasts at the bottom centre, 24% from the bottom', async () => {
    const { page, close } = await session.open('/admin');
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Revalidate all' }).click();
    const toast = page.getByText('Pages successfully revalidated');
    await toast.waitFor();
    await page.waitForTimeout(400); // let the slide-in transition end
    const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
    const snackbar = page.locator('.MuiSnackbar-root');
    const box = await snackbar.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    const gapBelow = viewport.height - (box.y + box.height);
    expect(Math.abs(gapBelow - viewport.height * 0.24)).toBeLessThan(4);
    const centre = box.x + box.width / 2;
    expect(Math.abs(centre - viewport.width / 2)).toBeLessThan(4);
    await close();
  });
});

describe('users and roles screens', () => {
  it('creates a role with rights, then a user in it, and edits and deletes that user', async () => {
    const { page, close } = await session.open('/admin/users/roles/create');
    const roleName = unique('Reviewers');
    await page.getByLabel('Name').fill(roleName);
    await page.locator('input[name="VIEW_CONTENT"]').check();
    await page.locator('input[name="UPDATE_CONTENT"]').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/users/roles');
    await page.getByRole('cell', { name: roleName, exact: true }).waitFor();
    await page.getByText('Role created').waitFor();

    const { body: roles } = await api<{ id: string; name: string; rights: string[] }[]>(
      `/roles?filter=${encodeURIComponent(JSON.stringify({ q: roleName }))}`,
      { token: session.token },
    );
    expect(roles.find((role) => role.name === roleName)?.rights.sort()).toEqual(['UPDATE_CONTENT', 'VIEW_CONTENT']);

    await page.goto(`${baseUrl()}/admin/users/create`);
    const email = `${unique('reviewer')}@example.com`;
    await page.getByLabel('Name').fill('Rita Reviewer');
    await page.getByLabel('E-mail').fill(email);
    await page.locator('input[name="password"]').fill('rita-password-123');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await chooseOption(page.getByRole('option', { name: roleName }));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByText(email).waitFor();

    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('cell', { name: 'Rita Reviewer' })
      .click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    await page.getByLabel('Name').fill('Rita Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByText('Rita Renamed').waitFor();

    await page.getByRole('cell', { name: 'Rita Renamed' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByText('User deleted').waitFor();
    expect(await page.getByText(email).count()).toBe(0);
    await close();
  });

  it("shows the API's refusal to delete a role in use as a notification", async () => {
    const member = await createUserWithRights(session.token, ['VIEW_CONTENT']);
    const { page, close } = await session.open(`/admin/users/roles/${member.roleId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.locator('.MuiSnackbarContent-message').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/users/roles/${member.roleId}`);
    expect((await api(`/roles/${member.roleId}`, { token: session.token })).status).toBe(200);
    await close();
  });

  it('shows the super-admin role read-only', async () => {
    const { page, close } = await session.open('/admin/users/roles/super-admin');
    await page.getByText('The super-admin role holds every right').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await close();
  });
});
