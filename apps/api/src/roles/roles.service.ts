import { RIGHT_TYPES, SUPER_ADMIN_ROLE_ID, type RightType } from '@cms/contracts';
import { hasRight, isSuperAdmin } from '@cms/rights';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AccessesService, describePages } from '../accesses/accesses.service';
import { SessionsService } from '../auth/sessions.service';
import type { AuthContext } from '../common/auth/auth-context';
import { choicesOf, type ChoiceDto } from '../common/http/choices';
import { applyFilters, applySortAndRange, parseListQuery, type ListSpec, type RawListQuery, textFilter, containsFilter } from '../common/http/list-query';
import { Login } from '../users/login.entity';
import { ROLE_ID_PATTERN, type CreateRoleDto, type RoleDto, type UpdateRoleDto } from './dto/role.dto';
import { Right } from './right.entity';
import { Role } from './role.entity';

const ROLE_LIST: ListSpec<Role> = {
  resource: 'roles',
  sortable: { id: 'role.id', name: 'LOWER(role.name)', updatedAt: 'role.updatedAt' },
  defaultSort: ['name', 'ASC'],
  filters: {
    id: textFilter('role.id'),
    q: containsFilter('role.name', 'role.id'),
  },
};

/** Whether a role's users must use a second factor is the owner's call (a super-admin's). */
function assertOwnerRequires(actor: AuthContext): void {
  if (!isSuperAdmin(actor)) throw new ForbiddenException('Only a super-admin can change whether a role requires two-factor sign-in');
}

function toDto(role: Role): RoleDto {
  const rights = role.id === SUPER_ADMIN_ROLE_ID ? [...RIGHT_TYPES] : (role.rights ?? []).map((r) => r.rightType).sort();
  return { id: role.id, name: role.name, rights, requireTwoFactor: role.requireTwoFactor, updatedAt: role.updatedAt.toISOString() };
}

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

@Injectable()
export class RolesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly accesses: AccessesService,
  ) {}

  /** Id and title of every role, for the pickers of screens that may not list them. */
  choices(): Promise<ChoiceDto[]> {
    return choicesOf(this.dataSource.manager, Role, 'name');
  }

  async list(raw: RawListQuery): Promise<{ items: RoleDto[]; total: number; start: number }> {
    const query = parseListQuery(raw, ROLE_LIST);
    const base = applyFilters(this.dataSource.getRepository(Role).createQueryBuilder('role'), query, ROLE_LIST);
    const total = await base.clone().getCount();
    const ids = await applySortAndRange(base.clone().select('role.id', 'id'), query, 'role.id').getRawMany<{ id: string }>();
    if (ids.length === 0) return { items: [], total, start: query.range.start };
    const roles = await this.dataSource
      .getRepository(Role)
      .createQueryBuilder('role')
      .leftJoinAndSelect('role.rights', 'right')
      .whereInIds(ids.map((r) => r.id))
      .getMany();
    const byId = new Map(roles.map((r) => [r.id, r]));
    return { items: ids.map((r) => toDto(byId.get(r.id)!)), total, start: query.range.start };
  }

  async get(id: string): Promise<RoleDto> {
    return toDto(await this.find(id));
  }

  private async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<Role> {
    const role = ROLE_ID_PATTERN.test(id) ? await manager.getRepository(Role).findOne({ where: { id }, relations: { rights: true } }) : null;
    if (!role) throw new NotFoundException(`No role "${id.slice(0, 64)}"`);
    return role;
  }

  /** The rights a role grants (all of them for super-admin); for checks by other modules. */
  async rightsOf(id: string, manager: EntityManager = this.dataSource.manager): Promise<RightType[] | null> {
    if (id === SUPER_ADMIN_ROLE_ID) return [...RIGHT_TYPES];
    const role = await manager.getRepository(Role).findOne({ where: { id }, relations: { rights: true } });
    return role ? (role.rights ?? []).map((r) => r.rightType) : null;
  }

  async create(actor: AuthContext, dto: CreateRoleDto): Promise<RoleDto> {
    const id = dto.id ?? slugify(dto.name);
    if (!ROLE_ID_PATTERN.test(id)) throw new BadRequestException('Give the role an id of lower-case letters, digits and dashes: its name has none');
    if (id === SUPER_ADMIN_ROLE_ID) throw new ConflictException('The super-admin role already exists');
    this.assertCanGrant(actor, dto.rights);
    if (dto.requireTwoFactor) assertOwnerRequires(actor);
    return this.dataSource.transaction(async (manager) => {
      if (await manager.getRepository(Role).exists({ where: { id } })) throw new ConflictException(`A role with the id "${id}" already exists`);
      await manager.getRepository(Role).insert({ id, name: dto.name, requireTwoFactor: dto.requireTwoFactor ?? false });
      if (dto.rights.length) await manager.getRepository(Right).insert(dto.rights.map((rightType) => ({ roleId: id, rightType })));
      return toDto(await this.find(id, manager));
    });
  }

  async update(actor: AuthContext, id: string, dto: UpdateRoleDto): Promise<RoleDto> {
    if (id === SUPER_ADMIN_ROLE_ID && !isSuperAdmin(actor)) throw new ForbiddenException('Only a super-admin can edit the super-admin role');
    if (id === SUPER_ADMIN_ROLE_ID && dto.rights !== undefined)
      throw new ConflictException('The super-admin role holds every right; its rights cannot be changed');
    const updated = await this.dataSource.transaction(async (manager) => {
      const role = await this.find(id, manager);
      if (dto.requireTwoFactor !== undefined && dto.requireTwoFactor !== role.requireTwoFactor) assertOwnerRequires(actor);
      if (dto.rights !== undefined) {
        const current = new Set((role.rights ?? []).map((r) => r.rightType));
        const wanted = new Set(dto.rights);
        // Taking a right away is a change of power too: nobody touches a right beyond their own.
        const added = dto.rights.filter((r) => !current.has(r));
        const removed = [...current].filter((r) => !wanted.has(r));
        const missing = [...added, ...removed].filter((right) => !hasRight(actor, right));
        if (missing.length) throw new ForbiddenException(`You cannot grant or remove rights you do not hold: ${missing.join(', ')}`);
        await manager.getRepository(Right).delete({ roleId: id });
        if (dto.rights.length) await manager.getRepository(Right).insert(dto.rights.map((rightType) => ({ roleId: id, rightType })));
      }
      // Always touch the row so updatedAt moves when only the rights change.
      await manager
        .getRepository(Role)
        .update({ id }, { name: dto.name ?? role.name, requireTwoFactor: dto.requireTwoFactor ?? role.requireTwoFactor, updatedAt: new Date() });
      return toDto(await this.find(id, manager));
    });
    // Sessions of this role now resolve to other rights.
    if (dto.rights !== undefined) this.sessions.authChanged();
    return updated;
  }

  async remove(id: string): Promise<RoleDto> {
    if (id === SUPER_ADMIN_ROLE_ID) throw new ConflictException('The super-admin role cannot be deleted');
    return this.dataSource.transaction(async (manager) => {
      const role = await this.find(id, manager);
      const users = await manager.getRepository(Login).count({ where: { roleId: id } });
      if (users > 0) throw new ConflictException(`The role "${id}" is held by ${users} user${users > 1 ? 's' : ''}: give them another role first`);
      // The access foreign key refuses the delete anyway (RESTRICT, so a racing access write cannot
      // open a page); checking first names the pages it guards.
      const pages = await this.accesses.pagesOpenedBy(manager, id);
      if (pages.length) {
        throw new ConflictException(
          `The role "${id}" guards ${pages.length} page${pages.length > 1 ? 's' : ''}: ${describePages(pages)}. Take it out of their accesses first`,
        );
      }
      await manager.getRepository(Role).delete({ id });
      return toDto(role);
    });
  }

  /**
   * Whether `actor` may give `roleId` to a user: only a super-admin hands out super-admin; others
   * only a role whose rights they hold and whose members-only pages they may read themselves.
   */
  async assertCanAssign(actor: AuthContext, roleId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const rights = await this.rightsOf(roleId, manager);
    if (!rights) throw new BadRequestException(`No role "${roleId}"`);
    if (isSuperAdmin(actor)) return;
    if (roleId === SUPER_ADMIN_ROLE_ID) throw new ForbiddenException('Only a super-admin can make someone super-admin');
    this.assertCanGrant(actor, rights);
    await this.assertReadsPagesOf(actor, roleId, manager);
  }

  /** Members-only pages are a privilege like rights: `actor` must read every page `roleId` opens. */
  async assertReadsPagesOf(actor: AuthContext, roleId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (isSuperAdmin(actor)) return;
    const pages = await this.accesses.pagesOpenedBy(manager, roleId, actor.role);
    if (pages.length) throw new ForbiddenException(`The role "${roleId}" opens pages your role does not: ${describePages(pages)}`);
  }

  /** A user cannot hand out a right it does not hold itself. */
  assertCanGrant(actor: AuthContext, rights: readonly RightType[]): void {
    const missing = rights.filter((right) => !hasRight(actor, right));
    if (missing.length) throw new ForbiddenException(`You cannot grant rights you do not hold: ${missing.join(', ')}`);
  }
}
