import { SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import { isSuperAdmin } from '@cms/rights';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import { normalizeEmail } from '../auth/normalize-email';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import type { AuthContext } from '../common/auth/auth-context';
import { listPage, type ListPage, type ListSpec, type RawListQuery, intFilter, textFilter, containsFilter } from '../common/http/list-query';
import { RolesService } from '../roles/roles.service';
import type { CreateUserDto, UpdateUserDto, UserDto } from './dto/user.dto';
import { Login } from './login.entity';
import { User } from './user.entity';

const USER_LIST: ListSpec<Login> = {
  resource: 'users',
  sortable: { id: 'user.id', name: 'LOWER(user.name)', email: 'login.email', roleId: 'login.roleId', updatedAt: 'user.updatedAt' },
  defaultSort: ['name', 'ASC'],
  filters: {
    id: intFilter('user.id'),
    roleId: textFilter('login.roleId'),
    q: containsFilter('user.name', 'login.email'),
  },
};

function toDto(login: Login): UserDto {
  const user = login.user!;
  return { id: user.id, name: user.name, email: login.email, roleId: login.roleId, language: user.language, updatedAt: user.updatedAt.toISOString() };
}

/**
 * Users and their logins (one login a user). Answers never carry a password or a hash.
 * Inside a transaction every query goes through its manager: on the embedded database a second
 * connection would wait for the transaction to end.
 */
@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly roles: RolesService,
    private readonly auth: AuthService,
  ) {}

  private query(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(Login).createQueryBuilder('login').innerJoinAndSelect('login.user', 'user');
  }

  list(raw: RawListQuery): Promise<ListPage<UserDto>> {
    return listPage(this.query(), raw, USER_LIST, 'user.id', (logins) => logins.map(toDto));
  }

  async get(id: number): Promise<UserDto> {
    return toDto(await this.find(id));
  }

  private async find(id: number, manager?: EntityManager, lock = false): Promise<Login> {
    const qb = this.query(manager).where('user.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write', undefined, ['login']);
    const login = await qb.getOne();
    if (!login) throw new NotFoundException(`No user ${id}`);
    return login;
  }

  async create(actor: AuthContext, dto: CreateUserDto): Promise<UserDto> {
    await this.roles.assertCanAssign(actor, dto.roleId);
    const email = normalizeEmail(dto.email);
    const hash = await this.passwords.hash(dto.password);
    const id = await this.dataSource.transaction(async (manager) => {
      await this.assertEmailFree(manager, email);
      const user = await manager.getRepository(User).save(manager.getRepository(User).create({ name: dto.name.trim(), language: dto.language ?? null }));
      await manager.getRepository(Login).insert({ userId: user.id, roleId: dto.roleId, email, password: hash });
      return user.id;
    });
    return this.get(id);
  }

  async update(actor: AuthContext, id: number, dto: UpdateUserDto, ip: string): Promise<UserDto> {
    const ownPassword = dto.password !== undefined && id === actor.userId;
    if (ownPassword) await this.auth.verifyCurrentPassword(actor, dto.currentPassword, ip);
    const hash = dto.password !== undefined ? await this.passwords.hash(dto.password) : undefined;
    await this.dataSource.transaction(async (manager) => {
      const login = await this.find(id, manager, true);
      await this.assertCanManage(actor, login, manager);
      const roleChanges = dto.roleId !== undefined && dto.roleId !== login.roleId;
      if (roleChanges) {
        if (id === actor.userId) throw new ForbiddenException('You cannot change your own role');
        await this.roles.assertCanAssign(actor, dto.roleId!, manager);
        if (login.roleId === SUPER_ADMIN_ROLE_ID) await this.assertNotLastSuperAdmin(manager);
      }
      const changes: Partial<Login> = {};
      if (dto.email !== undefined) {
        const email = normalizeEmail(dto.email);
        if (email !== login.email) {
          await this.assertEmailFree(manager, email);
          changes.email = email;
        }
      }
      if (roleChanges) changes.roleId = dto.roleId;
      if (hash) changes.password = hash;
      if (Object.keys(changes).length) await manager.getRepository(Login).update({ id: login.id }, changes);
      await manager
        .getRepository(User)
        .update(
          { id },
          { name: dto.name?.trim() ?? login.user!.name, ...(dto.language !== undefined ? { language: dto.language } : {}), updatedAt: new Date() },
        );
      // A new role, or a password reset by someone else, ends the user's sessions at once; one's
      // own new password ends one's other sessions (a browser left signed in elsewhere).
      if (roleChanges || (hash && !ownPassword)) await this.sessions.revokeForLogins([login.id], manager);
      else if (ownPassword) await this.sessions.revokeOthers(login.id, actor.sessionId, manager);
    });
    // The name, e-mail, role and language a session resolves to may have changed.
    this.sessions.authChanged();
    return this.get(id);
  }

  async remove(actor: AuthContext, id: number): Promise<UserDto> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const login = await this.find(id, manager, true);
      await this.assertCanManage(actor, login, manager);
      if (login.roleId === SUPER_ADMIN_ROLE_ID) await this.assertNotLastSuperAdmin(manager);
      // Sessions go with the login (ON DELETE CASCADE), so the user's tokens stop working at once.
      await manager.getRepository(User).delete({ id });
      return toDto(login);
    });
    this.sessions.authChanged();
    return removed;
  }

  private async assertEmailFree(manager: EntityManager, email: string) {
    if (await manager.getRepository(Login).exists({ where: { email } })) throw new ConflictException(`The e-mail ${email} is already used by another user`);
  }

  /** Nobody manages a user more powerful than themselves. */
  private async assertCanManage(actor: AuthContext, target: Login, manager: EntityManager) {
    // One's own account is one's own to edit, but an API token is not its creator: it manages the
    // creator's account only as it would anyone's (a narrow token never edits a super-admin creator).
    if (isSuperAdmin(actor) || (target.userId === actor.userId && !actor.apiToken)) return;
    if (target.roleId === SUPER_ADMIN_ROLE_ID) throw new ForbiddenException('Only a super-admin can change or remove a super-admin');
    const rights = (await this.roles.rightsOf(target.roleId, manager)) ?? [];
    const missing = rights.filter((r) => !actor.rights.includes(r));
    if (missing.length) throw new ForbiddenException(`This user holds rights you do not: ${missing.join(', ')}`);
    await this.roles.assertReadsPagesOf(actor, target.roleId, manager);
  }

  /** Locks the super-admin logins so that two concurrent removals cannot both pass. */
  private async assertNotLastSuperAdmin(manager: EntityManager) {
    const rows = await manager.query(`SELECT id FROM "login" WHERE "roleId" = $1 FOR UPDATE`, [SUPER_ADMIN_ROLE_ID]);
    if (rows.length <= 1) throw new ConflictException('This is the last super-admin: make another user super-admin first');
  }
}
