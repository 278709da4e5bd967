import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { Role } from '../roles/role.entity';
import { PagePart } from '../database/record-columns';

/** Grants a role access to a container's or a content's page; a page with any access is guarded. */
@Entity('access')
export class Access extends PagePart {
  @Index()
  @Column({ type: 'varchar', length: 64 })
  roleId: string;

  @ManyToOne('Role', { onDelete: 'RESTRICT', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'roleId' })
  role?: Role;
}
